// The embedded Neo4j 2026 needs Java 21+: the launcher takes JAVA_HOME or the PATH's java when recent enough, else the
// newest JDK 21+ in the usual folders, and otherwise says in one sentence what is missing and what to do.
import { expect } from 'chai';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findJava, JavaNotFoundError } from '../../src/graph/java.js';

async function fakeJdk(parent: string, name: string, version: string): Promise<string> {
  const home = path.join(parent, name);
  await mkdir(path.join(home, 'bin'), { recursive: true });
  await writeFile(path.join(home, 'bin', 'java'), '#!/bin/sh\nexit 0\n');
  await chmod(path.join(home, 'bin', 'java'), 0o755);
  await writeFile(path.join(home, 'release'), `IMPLEMENTOR="Test"\nJAVA_VERSION="${version}"\n`);
  return home;
}

describe('finding a Java for the embedded Neo4j', () => {
  let root: string;
  let jdk17: string;
  let jvmDir: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'java-find-'));
    jdk17 = await fakeJdk(root, 'default-17', '17.0.15');
    jvmDir = path.join(root, 'jvm');
    await fakeJdk(jvmDir, 'java-21-openjdk', '21.0.8');
    await fakeJdk(jvmDir, 'temurin-25-jdk', '25.0.3');
    await mkdir(path.join(jvmDir, 'openjdk-17'), { recursive: true }); // a folder without bin/java, as Debian has
  });

  it('takes JAVA_HOME when it is 21 or later', async () => {
    const home = await fakeJdk(root, 'explicit-21', '21.0.1');
    const java = findJava({ JAVA_HOME: home, PATH: path.join(jdk17, 'bin') }, { parents: [jvmDir] });
    expect(java).to.include({ home, major: 21 });
    expect(java.bin).to.equal(path.join(home, 'bin', 'java'));
  });

  it('passes over a JAVA_HOME and a PATH java of 17 to the newest JDK in the usual folders', () => {
    const java = findJava({ JAVA_HOME: jdk17, PATH: path.join(jdk17, 'bin') }, { parents: [jvmDir] });
    expect(java).to.include({ home: path.join(jvmDir, 'temurin-25-jdk'), major: 25 });
  });

  it("takes the PATH's java when JAVA_HOME is unset and it is recent enough", async () => {
    const home = await fakeJdk(root, 'on-path-22', '22.0.2');
    expect(findJava({ PATH: path.join(home, 'bin') }, { parents: [jvmDir] })).to.include({ home, major: 22 });
  });

  it('says in one sentence what it found and how to fix it when there is no Java 21+', () => {
    let err: unknown;
    try {
      findJava({ JAVA_HOME: jdk17, PATH: path.join(jdk17, 'bin') }, { parents: [path.join(root, 'nothing-here')] });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(JavaNotFoundError);
    const message = (err as Error).message;
    expect(message).to.not.contain('\n');
    expect(message).to.contain('needs Java 21 or later');
    expect(message).to.contain('JAVA_HOME is Java 17');
    expect(message).to.contain('java on the PATH is Java 17');
    expect(message).to.match(/install a JDK 21\+.*set JAVA_HOME/);
    expect(message).to.contain('NEO4J_URI');
  });

  it('names a JAVA_HOME that holds no Java', () => {
    expect(() => findJava({ JAVA_HOME: path.join(root, 'missing'), PATH: '' }, { parents: [] })).to.throw(
      JavaNotFoundError,
      /JAVA_HOME is not a Java home/,
    );
  });
});
