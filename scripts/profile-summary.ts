// Where a V8 CPU profile spent its time (`npm run bench -- --profile <dir>` writes one for the service):
// self time per function and per file, the largest first, idle and garbage collection apart.
//   node dist/scripts/profile-summary.js <file.cpuprofile> [--top 30]
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function main(): Promise<void> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: node dist/scripts/profile-summary.js <file.cpuprofile> [--top 30]');
  const top = rest[0] === '--top' ? Number(rest[1]) : 30;
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url ? shorten(url) : '(native)';
    add(byFunction, `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`, us);
    add(byFile, where, us);
  }
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  };
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  print('self time by function', byFunction);
  print('self time by file', byFile);
}

function add(m: Map<string, number>, k: string, v: number): void {
  m.set(k, (m.get(k) ?? 0) + v);
}

/** The path inside the project or node_modules, without the machine's prefix. */
function shorten(url: string): string {
  const p = url.replace(/^file:\/\//, '');
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) return p.slice(nm);
  return path.relative(process.cwd(), p) || p;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
