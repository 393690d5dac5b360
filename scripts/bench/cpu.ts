// CPU time of the processes under test, from /proc (Linux): the service's and Neo4j's, and of Neo4j's the part its
// JIT compiler threads took. A retrieval on these machines is CPU-bound, so CPU per request says where it goes, and
// the compiler's share says whether Neo4j was still compiling the code it runs (a warm-up, not a retrieval's cost).
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: /proc counts CPU time in hundredths of a second on Linux. */
const TICK_MS = 10;

/** User + system CPU of a process or thread from its stat line, in ms. */
export function cpuOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** HotSpot names its compiler threads "C1 CompilerThread<n>" and "C2 CompilerThread<n>" (cut to 15 characters). */
const JIT_THREAD = /^C[12] CompilerThre/;

/**
 * ms of CPU of the service process (all its threads: the model's, the analysis, libuv's), of Neo4j, and of Neo4j's its
 * JIT compiler threads: used so far in a snapshot, per request in a difference; null for a process not running here.
 */
export interface CpuFigures {
  service: number | null;
  neo4j: number | null;
  neo4jJit: number | null;
}

async function processCpu(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    return cpuOfStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

async function jitCpu(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    let total = 0;
    for (const tid of await readdir(`/proc/${pid}/task`)) {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (JIT_THREAD.test(name)) total += cpuOfStat(stat);
    }
    return total;
  } catch {
    return null;
  }
}

/** CPU used so far by the service and by Neo4j (null for one not running here, e.g. with NEO4J_URI). */
export async function cpuSnapshot(pids: { service?: number; neo4j?: number }): Promise<CpuFigures> {
  const [service, neo4j, neo4jJit] = await Promise.all([processCpu(pids.service), processCpu(pids.neo4j), jitCpu(pids.neo4j)]);
  return { service, neo4j, neo4jJit };
}

/** CPU per request between two snapshots, in ms to a tenth. */
export function cpuPerRequest(before: CpuFigures, after: CpuFigures, requests: number): CpuFigures {
  const per = (a: number | null, b: number | null) => (a === null || b === null || requests <= 0 ? null : Math.round(((b - a) / requests) * 10) / 10);
  return { service: per(before.service, after.service), neo4j: per(before.neo4j, after.neo4j), neo4jJit: per(before.neo4jJit, after.neo4jJit) };
}
