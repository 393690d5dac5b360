// The embedded local Neo4j: a Neo4j 5.26 Community started from Maven Central artifacts by neo4j-local/
// (a pom.xml and one Java class), for `npm start` and `npm test` when NEO4J_URI is unset.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, utimes } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../version.js';

const LAUNCHER_DIR = path.join(projectRoot, 'neo4j-local');
const CLASSPATH_FILE = path.join(LAUNCHER_DIR, 'target', 'classpath.txt');
const MAIN_CLASS = 'dev.memorymw.LocalNeo4j';
/** Where the same build unpacks the offline embedding model (src/providers/localModel.ts). */
export const EMBEDDING_MODEL_DIR = path.join(LAUNCHER_DIR, 'target', 'embedding-model');
const EMBEDDING_MODEL_FILE = path.join(EMBEDDING_MODEL_DIR, 'bge-small-en-v1.5-q.onnx');

export interface LocalNeo4j {
  boltUri: string;
  browserUrl?: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

export interface LocalNeo4jOptions {
  dataDir: string;
  /** 0 picks a free port. */
  boltPort: number;
  /** 0 picks a free port; undefined serves no HTTP (and no Browser). */
  httpPort?: number;
  heap?: string;
  pageCache?: string;
  startTimeoutMs?: number;
  onLog?: (line: string) => void;
}

async function run(cmd: string, args: string[], cwd: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    // Maven's output goes to stderr: the CLIs' standard output is their JSON.
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', process.stderr, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Builds the launcher, resolves its classpath and unpacks the embedding model with Maven, once (again when pom.xml
 * or the class changed, or the model is missing).
 */
export async function ensureLauncherBuilt(log: (m: string) => void = () => {}): Promise<void> {
  const sources = [path.join(LAUNCHER_DIR, 'pom.xml'), path.join(LAUNCHER_DIR, 'src/main/java/dev/memorymw/LocalNeo4j.java')];
  if (existsSync(CLASSPATH_FILE) && existsSync(EMBEDDING_MODEL_FILE)) {
    const built = (await stat(CLASSPATH_FILE)).mtimeMs;
    const newest = Math.max(...(await Promise.all(sources.map(async (f) => (await stat(f)).mtimeMs))));
    if (built >= newest) return;
  }
  log('building the local Neo4j launcher with Maven (first run downloads Neo4j 5.26 and the embedding model from Maven Central)');
  await run('mvn', ['-q', '-B', '-Dstyle.color=never', '-DskipTests', 'package', 'dependency:build-classpath', '-Dmdep.outputFile=target/classpath.txt'], LAUNCHER_DIR);
  // The plugin leaves an unchanged classpath file as it was: mark the build done, or every start builds again.
  const now = new Date();
  await utimes(CLASSPATH_FILE, now, now);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function jvmFlags(): Promise<string[]> {
  const text = await readFile(path.join(LAUNCHER_DIR, 'jvm-flags.txt'), 'utf8');
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

export async function startLocalNeo4j(o: LocalNeo4jOptions): Promise<LocalNeo4j> {
  await ensureLauncherBuilt(o.onLog);
  await mkdir(o.dataDir, { recursive: true });
  const boltPort = o.boltPort || (await freePort());
  const httpPort = o.httpPort === undefined ? undefined : o.httpPort || (await freePort());
  const classpath = [path.join(LAUNCHER_DIR, 'target', 'classes'), (await readFile(CLASSPATH_FILE, 'utf8')).trim()].join(path.delimiter);
  const args = [
    ...(await jvmFlags()),
    `-Xmx${o.heap ?? '1g'}`,
    '-cp',
    classpath,
    MAIN_CLASS,
    '--data-dir',
    path.resolve(o.dataDir),
    '--bolt-port',
    String(boltPort),
    ...(httpPort ? ['--http-port', String(httpPort)] : []),
    ...(o.pageCache ? ['--page-cache', o.pageCache] : []),
    // Neo4j exits when our stdin pipe closes, so it never outlives this process, even after a SIGKILL.
    '--exit-on-stdin-eof',
  ];
  const child = spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 40) stderrTail.shift();
  });

  const ready = await new Promise<{ boltUri: string; browserUrl?: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Local Neo4j did not start within ${o.startTimeoutMs ?? 180_000} ms:\n${stderrTail.join('\n')}`));
    }, o.startTimeoutMs ?? 180_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('NEO4J_READY ')) {
        clearTimeout(timer);
        const [, boltUri, browserUrl] = line.split(/\s+/);
        // The embedded Neo4j runs without authentication; this makes Browser connect without asking.
        resolve({ boltUri: boltUri!, browserUrl: browserUrl ? `${browserUrl}?preselectAuthMethod=NO_AUTH&dbms=${encodeURIComponent(boltUri!)}` : undefined });
      } else if (line.startsWith('NEO4J_FAILED')) {
        clearTimeout(timer);
        reject(new Error(`Local Neo4j failed to start: ${line.slice(13)}\n${stderrTail.join('\n')}`));
      } else {
        o.onLog?.(line);
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`Could not run java for the local Neo4j: ${err.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Local Neo4j exited with code ${code} before it was ready:\n${stderrTail.join('\n')}`));
    });
  });

  return { ...ready, dataDir: o.dataDir, pid: child.pid!, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess, graceMs = 60_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
