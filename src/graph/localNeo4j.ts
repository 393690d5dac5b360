// The embedded local Neo4j: a Neo4j 2026.x Community started from Maven Central artifacts by neo4j-local/
// (a pom.xml and one Java class), for `npm start` and `npm test` when NEO4J_URI is unset. Needs Java 21+ (java.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, utimes } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../version.js';
import { findJava, javaEnv, javaFlags, type Java } from './java.js';

const LAUNCHER_DIR = path.join(projectRoot, 'neo4j-local');
const CLASSPATH_FILE = path.join(LAUNCHER_DIR, 'target', 'classpath.txt');
const MAIN_CLASS = 'dev.memorymw.LocalNeo4j';
/** Where the same build unpacks the offline embedding model (src/providers/localModel.ts). */
export const EMBEDDING_MODEL_DIR = path.join(LAUNCHER_DIR, 'target', 'embedding-model');
const EMBEDDING_MODEL_FILE = path.join(EMBEDDING_MODEL_DIR, 'bge-small-en-v1.5-q.onnx');

export interface LocalNeo4j {
  boltUri: string;
  browserUrl?: string;
  /** Which Java runs it, for start-up logs. */
  java: string;
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
  /** The first start's build and download, a line every few seconds (Neo4j's own log goes to onLog). */
  onProgress?: (line: string) => void;
  /**
   * A launcher built elsewhere (its folder holds target/classes and target/classpath.txt) and the Java to run it on,
   * instead of neo4j-local/ on the Java 21+ found: the upgrade check runs the previous Neo4j line this way.
   */
  prebuilt?: { dir: string; java: Java };
}

/** The size of what one "Downloaded from central: <url> (12 kB at 3.4 MB/s)" line of Maven reports, in bytes. */
export function downloadedBytes(line: string): number | undefined {
  const m = /^Downloaded from [^:]+: \S+ \((\d+(?:\.\d+)?) (B|kB|MB|GB)\b/.exec(line.replace(/^\[INFO\] /, ''));
  if (!m) return undefined;
  return Number(m[1]) * { B: 1, kB: 1e3, MB: 1e6, GB: 1e9 }[m[2] as 'B' | 'kB' | 'MB' | 'GB'];
}

/**
 * Runs Maven with its output read, not shown: a download (the first start fetches about 180 MB) is reported every
 * few seconds as one line of files and megabytes; on failure its last lines are shown.
 */
async function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, log: (m: string) => void): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    let files = 0;
    let bytes = 0;
    let reported = Date.now();
    const read = (line: string) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      const size = downloadedBytes(line);
      if (size === undefined) return;
      files++;
      bytes += size;
      if (Date.now() - reported >= 3000) {
        reported = Date.now();
        log(`downloading from Maven Central: ${files} files, ${(bytes / 1e6).toFixed(0)} MB so far`);
      }
    };
    createInterface({ input: child.stdout! }).on('line', read);
    createInterface({ input: child.stderr! }).on('line', read);
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${cmd} is not on the PATH: the embedded Neo4j is built with Maven (install it, e.g. apt-get install maven), or set NEO4J_URI to use a Neo4j server instead.`,
            )
          : err,
      ),
    );
    child.on('exit', (code) => {
      if (files) log(`downloaded from Maven Central: ${files} files, ${(bytes / 1e6).toFixed(0)} MB`);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${tail.join('\n')}`));
    });
  });
}

/**
 * Builds the launcher, resolves its classpath and unpacks the embedding model with Maven, once (again when pom.xml
 * or the class changed, or the model is missing).
 */
export async function ensureLauncherBuilt(log: (m: string) => void = () => {}, java?: Java): Promise<void> {
  const sources = [path.join(LAUNCHER_DIR, 'pom.xml'), path.join(LAUNCHER_DIR, 'src/main/java/dev/memorymw/LocalNeo4j.java')];
  if (existsSync(CLASSPATH_FILE) && existsSync(EMBEDDING_MODEL_FILE)) {
    const built = (await stat(CLASSPATH_FILE)).mtimeMs;
    const newest = Math.max(...(await Promise.all(sources.map(async (f) => (await stat(f)).mtimeMs))));
    if (built >= newest) return;
  }
  // Compiling against Neo4j 2026 needs Java 21+ under Maven too, whatever the default java is.
  const jdk = java ?? findJava();
  log(
    `building the local Neo4j launcher with Maven on Java ${jdk.major} (first run downloads Neo4j 2026 and the embedding model from Maven Central)`,
  );
  await run(
    'mvn',
    ['-B', '-Dstyle.color=never', '-DskipTests', 'package', 'dependency:build-classpath', '-Dmdep.outputFile=target/classpath.txt'],
    LAUNCHER_DIR,
    javaEnv(jdk),
    log,
  );
  // The plugin leaves an unchanged classpath file as it was: mark the build done, or every start builds again.
  const now = new Date();
  await utimes(CLASSPATH_FILE, now, now);
}

/** Only the model's part of that build (any Java Maven runs on): for a service that uses a Neo4j server. */
export async function unpackEmbeddingModel(log: (m: string) => void = () => {}): Promise<void> {
  log('unpacking the local embedding model with Maven (first run downloads it from Maven Central)');
  await run('mvn', ['-B', '-Dstyle.color=never', 'dependency:unpack@unpack-embedding-model'], LAUNCHER_DIR, process.env, log);
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
  const java = o.prebuilt?.java ?? findJava();
  if (!o.prebuilt) await ensureLauncherBuilt(o.onProgress ?? o.onLog, java);
  const launcherDir = o.prebuilt?.dir ?? LAUNCHER_DIR;
  await mkdir(o.dataDir, { recursive: true });
  const boltPort = o.boltPort || (await freePort());
  const httpPort = o.httpPort === undefined ? undefined : o.httpPort || (await freePort());
  const classpath = [
    path.join(launcherDir, 'target', 'classes'),
    (await readFile(path.join(launcherDir, 'target', 'classpath.txt'), 'utf8')).trim(),
  ].join(path.delimiter);
  const args = [
    ...(await jvmFlags()),
    ...javaFlags(java),
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
  const child = spawn(java.bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
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
        resolve({
          boltUri: boltUri!,
          browserUrl: browserUrl ? `${browserUrl}?preselectAuthMethod=NO_AUTH&dbms=${encodeURIComponent(boltUri!)}` : undefined,
        });
      } else if (line.startsWith('NEO4J_FAILED')) {
        clearTimeout(timer);
        reject(new Error(`Local Neo4j failed to start: ${line.slice(13)}\n${stderrTail.join('\n')}`));
      } else {
        o.onLog?.(line);
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`Could not run ${java.bin} for the local Neo4j: ${err.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Local Neo4j exited with code ${code} before it was ready:\n${stderrTail.join('\n')}`));
    });
  });

  return { ...ready, java: `Java ${java.major} (${java.home})`, dataDir: o.dataDir, pid: child.pid!, stop: () => stopChild(child) };
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
