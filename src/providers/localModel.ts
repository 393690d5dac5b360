// The offline embedding model: BAAI bge-small-en-v1.5 (int8 ONNX, 384 dimensions), run by onnxruntime-node in a
// worker thread so that the event loop answering HTTP never waits on it. Its files come from Maven Central (a jar
// unpacked by neo4j-local's build into neo4j-local/target/embedding-model); they are never committed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { EMBEDDING_MODEL_DIR, unpackEmbeddingModel } from '../graph/localNeo4j.js';
import { projectRoot } from '../version.js';
import { ProviderError } from './errors.js';
import type { Embedder } from './embeddings.js';

export const MODEL_FILES = {
  modelFile: path.join(EMBEDDING_MODEL_DIR, 'bge-small-en-v1.5-q.onnx'),
  tokenizerFile: path.join(EMBEDDING_MODEL_DIR, 'bge-small-en-v1.5-q-tokenizer.json'),
  pooling: 'cls' as 'cls' | 'mean',
};
export const MODEL_ID = 'local:bge-small-en-v1.5-q:384';
export const MODEL_DIMENSIONS = 384;
export const INSTALL_COMMAND = '(cd neo4j-local && mvn -q -B dependency:unpack@unpack-embedding-model)';

export class EmbeddingModelMissingError extends Error {
  constructor(file: string) {
    super(
      `the local embedding model is not installed (${path.relative(projectRoot, file)} is missing): run \`${INSTALL_COMMAND}\`, or set EMBEDDINGS=openai`,
    );
    this.name = 'EmbeddingModelMissingError';
  }
}

export function modelInstalled(files: Pick<typeof MODEL_FILES, 'modelFile' | 'tokenizerFile'> = MODEL_FILES): boolean {
  return existsSync(files.modelFile) && existsSync(files.tokenizerFile);
}

/** Installs the model with Maven when it is missing (what `npm start` does for Neo4j); fails naming the command. */
export async function ensureEmbeddingModel(log: (m: string) => void = () => {}): Promise<void> {
  if (modelInstalled()) return;
  try {
    await unpackEmbeddingModel(log);
  } catch (err) {
    throw new Error(`${new EmbeddingModelMissingError(MODEL_FILES.modelFile).message} (${(err as Error).message})`);
  }
  if (!modelInstalled()) throw new EmbeddingModelMissingError(MODEL_FILES.modelFile);
}

const THREAD_ENTRY = new URL('./modelThread.js', import.meta.url);
/** Texts per task sent to the thread: a few model runs, so a waiting question is not held long. */
const TEXTS_PER_TASK = 4;

interface Task {
  id: number;
  texts: string[];
  resolve(v: number[][]): void;
  reject(e: Error): void;
}

/**
 * One thread runs the model, one task at a time; a question (one text, retrieval waiting on it) goes before the
 * write path's batches, which are cut into small tasks. A thread that fails or overruns `timeoutMs` is ended, its task fails with a
 * ProviderError and the next task starts a fresh thread.
 */
export class ModelEmbedder implements Embedder {
  readonly id = MODEL_ID;
  readonly dimensions = MODEL_DIMENSIONS;
  private worker?: Worker;
  private running?: { task: Task; timer: NodeJS.Timeout };
  /** Questions (one text each) go before the write path's batches, in the order they came. */
  private readonly questions: Task[] = [];
  private readonly batches: Task[] = [];
  private nextId = 0;

  constructor(
    private readonly files: { modelFile: string; tokenizerFile: string; pooling?: 'cls' | 'mean' } = MODEL_FILES,
    private readonly timeoutMs = 60_000,
    private readonly entry: URL = THREAD_ENTRY,
  ) {}

  async embed(texts: string[]): Promise<number[][]> {
    if (texts.length <= 1) return texts.length ? this.task(texts, true) : [];
    // In small tasks, so that a question arriving meanwhile waits for one of them, not the whole batch.
    const parts: Array<Promise<number[][]>> = [];
    for (let i = 0; i < texts.length; i += TEXTS_PER_TASK) parts.push(this.task(texts.slice(i, i + TEXTS_PER_TASK), false));
    return (await Promise.all(parts)).flat();
  }

  private task(texts: string[], first: boolean): Promise<number[][]> {
    return new Promise((resolve, reject) => {
      const task: Task = { id: this.nextId++, texts, resolve, reject };
      (first ? this.questions : this.batches).push(task);
      this.pump();
    });
  }

  /** Ends the thread (shutdown); queued tasks fail, a later call starts a new one. */
  async close(): Promise<void> {
    const failed = new ProviderError(['local embedding model closed']);
    for (const t of this.waiting()) t.reject(failed);
    await this.end('local embedding model closed');
  }

  private pump(): void {
    if (this.running || !(this.questions.length || this.batches.length)) return;
    // Looked for when a thread is to start, not on every task: a running thread has the model loaded.
    if (!this.worker && !modelInstalled(this.files)) {
      const missing = new EmbeddingModelMissingError(existsSync(this.files.modelFile) ? this.files.tokenizerFile : this.files.modelFile);
      for (const t of this.waiting()) t.reject(missing);
      return;
    }
    const task = (this.questions.shift() ?? this.batches.shift())!;
    const worker = this.thread();
    const timer = setTimeout(() => void this.end(`no vectors within ${this.timeoutMs} ms`), this.timeoutMs);
    timer.unref();
    this.running = { task, timer };
    worker.ref();
    worker.postMessage({ id: task.id, texts: task.texts });
  }

  /** Every task not yet sent to the thread, taken off the queues. */
  private waiting(): Task[] {
    return [...this.questions.splice(0), ...this.batches.splice(0)];
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, { workerData: { ...this.files, dimensions: this.dimensions } });
    worker.unref();
    worker.on('message', (m: { id: number; vectors?: Float32Array; error?: string }) => {
      const r = this.running;
      if (!r || r.task.id !== m.id) return;
      this.finish();
      if (m.error !== undefined) r.task.reject(new ProviderError([`local embedding model: ${m.error}`]));
      else r.task.resolve(rows(m.vectors!, r.task.texts.length, this.dimensions));
      this.pump();
    });
    worker.on('error', (err) => void this.end(`local embedding model thread failed: ${err.message}`, worker));
    worker.on('exit', (code) => void this.end(`local embedding model thread exited (${code})`, worker));
    return (this.worker = worker);
  }

  private finish(): void {
    if (this.running) clearTimeout(this.running.timer);
    this.running = undefined;
    this.worker?.unref();
  }

  private async end(reason: string, which?: Worker): Promise<void> {
    const worker = this.worker;
    if (!worker || (which && which !== worker)) return;
    this.worker = undefined;
    const task = this.running?.task;
    this.finish();
    task?.reject(new ProviderError([reason]));
    await worker.terminate();
    this.pump();
  }
}

function rows(data: Float32Array, n: number, dims: number): number[][] {
  const out: number[][] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = Array.from(data.subarray(i * dims, (i + 1) * dims));
  return out;
}
