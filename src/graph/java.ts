// The Java that runs the embedded Neo4j (and the Maven build of its launcher): Neo4j 2026.x needs 21 or later, and
// machines often have an older default java beside a newer JDK, so look beyond the PATH before giving up.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

export const MIN_JAVA = 21;

export interface Java {
  /** The JDK/JRE home: bin/java lives under it. */
  home: string;
  bin: string;
  major: number;
}

export class JavaNotFoundError extends Error {}

/** Where JDKs are usually installed (Debian/Ubuntu, Red Hat, the official Temurin images, macOS, SDKMAN). */
function wellKnownParents(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? '';
  return ['/usr/lib/jvm', '/usr/java', '/opt/java', '/Library/Java/JavaVirtualMachines', home && path.join(home, '.sdkman/candidates/java')].filter(
    Boolean,
  );
}

/** "25.0.3" → 25, "1.8.0_402" → 8. */
export function javaMajor(version: string): number | undefined {
  const m = /^(\d+)(?:\.(\d+))?/.exec(version.trim());
  if (!m) return undefined;
  return m[1] === '1' && m[2] ? Number(m[2]) : Number(m[1]);
}

/** The major version of the Java at `home`: from its `release` file, or by asking bin/java when there is none. */
function inspect(home: string): Java | undefined {
  const bin = path.join(home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java');
  if (!existsSync(bin)) return undefined;
  let version: string | undefined;
  try {
    version = /^JAVA_VERSION="([^"]+)"/m.exec(readFileSync(path.join(home, 'release'), 'utf8'))?.[1];
  } catch {
    const out = spawnSync(bin, ['-version'], { encoding: 'utf8', timeout: 20_000 });
    version = /version "([^"]+)"/.exec(`${out.stderr ?? ''}${out.stdout ?? ''}`)?.[1];
  }
  const major = version ? javaMajor(version) : undefined;
  return major === undefined ? undefined : { home, bin, major };
}

/** The home of the `java` the PATH finds (…/bin/java, symlinks resolved). */
function pathJavaHome(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const bin = path.join(dir, 'java');
    if (!existsSync(bin)) continue;
    try {
      return path.dirname(path.dirname(realpathSync(bin)));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function candidates(parents: string[]): string[] {
  const homes: string[] = [];
  for (const parent of parents) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const dir = path.join(parent, name);
      homes.push(existsSync(path.join(dir, 'Contents', 'Home')) ? path.join(dir, 'Contents', 'Home') : dir);
    }
  }
  return homes;
}

/**
 * JAVA_HOME when it is recent enough, else the PATH's java when it is, else the newest recent-enough JDK in the
 * usual places. Throws JavaNotFoundError with one sentence saying what was found and what to do.
 */
export function findJava(env: NodeJS.ProcessEnv = process.env, opts: { min?: number; parents?: string[] } = {}): Java {
  const min = opts.min ?? MIN_JAVA;
  const javaHome = env.JAVA_HOME ? inspect(env.JAVA_HOME) : undefined;
  if (javaHome && javaHome.major >= min) return javaHome;
  const pathHome = pathJavaHome(env);
  const onPath = pathHome ? inspect(pathHome) : undefined;
  if (onPath && onPath.major >= min) return onPath;
  const found = candidates(opts.parents ?? wellKnownParents(env))
    .map(inspect)
    .filter((j): j is Java => j !== undefined && j.major >= min)
    .sort((a, b) => b.major - a.major || a.home.localeCompare(b.home));
  if (found[0]) return found[0];
  const seen = [
    env.JAVA_HOME ? `JAVA_HOME is ${javaHome ? `Java ${javaHome.major}` : `not a Java home (${env.JAVA_HOME})`}` : 'JAVA_HOME is unset',
    onPath ? `java on the PATH is Java ${onPath.major}` : 'no java on the PATH',
  ].join(', ');
  throw new JavaNotFoundError(
    `The embedded Neo4j needs Java ${min} or later and none was found (${seen}, and no Java ${min}+ in /usr/lib/jvm or the other usual JDK folders): ` +
      `install a JDK ${min}+ (for example Temurin 21 or 25) and set JAVA_HOME to it, or set NEO4J_URI to use a Neo4j server instead.`,
  );
}

/** The environment for a child that must use this Java (Maven reads JAVA_HOME; its own java comes first on the PATH). */
export function javaEnv(java: Java, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, JAVA_HOME: java.home, PATH: [path.join(java.home, 'bin'), env.PATH].filter(Boolean).join(path.delimiter) };
  // Java 24+ warns at start about sun.misc.Unsafe, which Maven's Guava and Neo4j still use.
  if (java.major >= 24) out.MAVEN_OPTS = [env.MAVEN_OPTS, '--sun-misc-unsafe-memory-access=allow'].filter(Boolean).join(' ');
  return out;
}

/** The same allowance for the JVM the launcher starts. */
export function javaFlags(java: Java): string[] {
  return java.major >= 24 ? ['--sun-misc-unsafe-memory-access=allow'] : [];
}

export function hasJava(env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    findJava(env);
    return true;
  } catch {
    return false;
  }
}
