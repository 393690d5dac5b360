// The local embedding model (src/providers/localModel.ts): meaning rather than shared words, its id on every
// vector, and a thread that fails without taking the service with it. Installs the model first if missing.
import { expect } from 'chai';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProviderError } from '../../src/providers/errors.js';
import { createEmbedder } from '../../src/providers/embeddings.js';
import { EmbeddingModelMissingError, ensureEmbeddingModel, MODEL_FILES, MODEL_ID, ModelEmbedder } from '../../src/providers/localModel.js';
import { testConfig } from '../helpers/env.js';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const FLAKY = new URL('../helpers/flakyModelThread.js', import.meta.url);

describe('local embedding model', function () {
  this.timeout(300_000);
  let model: ModelEmbedder;
  before(async () => {
    await ensureEmbeddingModel();
    model = new ModelEmbedder();
  });
  after(() => model.close());

  it('places a paraphrase nearer than an unrelated sentence, where words alone cannot', async () => {
    const pairs: Array<[string, string, string]> = [
      ['What do I do to unwind?', 'Yoga on Sunday evenings keeps me calm', 'My car needs new tyres before winter'],
      ['Where did I study?', 'I did my degree in Leeds', 'We painted the kitchen blue last weekend'],
      ['Is she allergic to anything?', 'Peanuts make Sarah very ill', 'Sarah bought a new laptop'],
    ];
    for (const [question, answer, unrelated] of pairs) {
      const [q, a, u] = await model.embed([question, answer, unrelated]);
      expect(cosine(q!, a!), question).to.be.greaterThan(cosine(q!, u!));
    }
  });

  it('gives unit vectors of 384 numbers under its own id, the same alone or beside others, zero for blank text', async () => {
    expect(model.id).to.equal(MODEL_ID);
    expect(createEmbedder(testConfig({ EMBEDDINGS: 'local' })).id).to.equal(MODEL_ID);
    const [a, blank, b] = await model.embed(['I play the cello on Tuesdays.', '  ', 'Our dog is scared of thunder.']);
    expect(a).to.have.length(384);
    expect(Math.sqrt(cosine(a!, a!))).to.be.closeTo(1, 1e-4);
    expect(blank!.every((x) => x === 0)).to.equal(true);
    const [alone] = await model.embed(['Our dog is scared of thunder.']);
    alone!.forEach((x, i) => expect(x).to.be.closeTo(b![i]!, 1e-6));
    expect(await model.embed([])).to.deep.equal([]);
  });

  it('fails a task whose thread dies or throws with a ProviderError, and the next task gets a fresh thread', async () => {
    const flaky = new ModelEmbedder(MODEL_FILES, 60_000, FLAKY);
    try {
      expect(await flaky.embed(['fine'])).to.have.length(1);
      const died = await flaky.embed(['die']).catch((e: Error) => e);
      expect(died).to.be.instanceOf(ProviderError);
      expect((died as Error).message).to.match(/exited \(3\)/);
      const [v] = await flaky.embed(['fine again']);
      expect(v![0]).to.equal(1);
      const thrown = await flaky.embed(['throw']).catch((e: Error) => e);
      expect(thrown).to.be.instanceOf(ProviderError);
      expect((thrown as Error).message).to.match(/thrown in the thread/);
      expect(await flaky.embed(['fine', 'twice'])).to.have.length(2);
    } finally {
      await flaky.close();
    }
  });

  it("runs a question before the write path's batch still waiting, which goes in small tasks", async () => {
    const flaky = new ModelEmbedder(MODEL_FILES, 60_000, FLAKY);
    try {
      const batch = flaky.embed(Array.from({ length: 12 }, (_, i) => `text ${i}`));
      const question = flaky.embed(['a question']);
      const [vectors, [q]] = await Promise.all([batch, question]);
      expect(vectors).to.have.length(12);
      // The batch's first task was already running; the question came next, then the rest of the batch.
      expect(vectors.map((v) => v[1])).to.deep.equal([1, 1, 1, 1, 3, 3, 3, 3, 4, 4, 4, 4]);
      expect(q![1]).to.equal(2);
    } finally {
      await flaky.close();
    }
  });

  it('runs questions in the order they came: under load none waits behind every later one', async () => {
    const flaky = new ModelEmbedder(MODEL_FILES, 60_000, FLAKY);
    try {
      const batch = flaky.embed(Array.from({ length: 8 }, (_, i) => `text ${i}`));
      const questions = ['first question', 'second question', 'third question'].map((q) => flaky.embed([q]));
      const served = (await Promise.all(questions)).map(([v]) => v![1]);
      // The batch's first task was running; the questions came next, first come first served, then the batch.
      expect(served).to.deep.equal([2, 3, 4]);
      expect((await batch).map((v) => v[1])).to.deep.equal([1, 1, 1, 1, 5, 5, 5, 5]);
    } finally {
      await flaky.close();
    }
  });

  it('fails the tasks of a thread that overruns its deadline instead of waiting on it', async () => {
    // A real model with a deadline no thread can meet while loading: the first task fails, the thread is ended.
    const slow = new ModelEmbedder(MODEL_FILES, 1);
    try {
      const results = await Promise.allSettled([slow.embed(['one', 'two']), slow.embed(['three', 'four'])]);
      for (const r of results) expect(r.status).to.equal('rejected');
      expect(((results[0] as PromiseRejectedResult).reason as Error).message).to.match(/no vectors within 1 ms/);
    } finally {
      await slow.close();
    }
  });

  it('reports a corrupt model file on every task, and a missing one naming the command that installs it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'embed-model-'));
    const files = { modelFile: path.join(dir, 'model.onnx'), tokenizerFile: path.join(dir, 'tokenizer.json') };
    const missing = await new ModelEmbedder(files).embed(['x']).catch((e: Error) => e);
    expect(missing).to.be.instanceOf(EmbeddingModelMissingError);
    expect((missing as Error).message).to.contain('mvn -q -B dependency:unpack@unpack-embedding-model');
    await writeFile(files.modelFile, 'not a model');
    await copyFile(MODEL_FILES.tokenizerFile, files.tokenizerFile);
    const corrupt = new ModelEmbedder(files);
    try {
      for (let i = 0; i < 2; i++) expect(await corrupt.embed(['x']).catch((e: Error) => e)).to.be.instanceOf(ProviderError);
    } finally {
      await corrupt.close();
    }
  });
});

describe("the first start's download progress", () => {
  it('reads the size of each file Maven reports downloaded, and nothing else', async () => {
    const { downloadedBytes } = await import('../../src/graph/localNeo4j.js');
    expect(
      downloadedBytes(
        'Downloaded from central: https://repo.maven.apache.org/maven2/org/neo4j/neo4j/2026.08.1/neo4j-2026.08.1.jar (12 kB at 3.4 MB/s)',
      ),
    ).to.equal(12_000);
    expect(downloadedBytes('[INFO] Downloaded from central: https://repo.maven.apache.org/x.jar (1.5 MB at 2 MB/s)')).to.equal(1_500_000);
    expect(downloadedBytes('Downloaded from central: https://repo.maven.apache.org/x.pom (748 B at 12 kB/s)')).to.equal(748);
    expect(downloadedBytes('Downloading from central: https://repo.maven.apache.org/x.jar')).to.equal(undefined);
    expect(downloadedBytes('[INFO] BUILD SUCCESS')).to.equal(undefined);
  });
});
