// Message analysis off the main event loop. The offline analysis (src/ingest/analysis) is CPU-bound, a few ms a
// message and far more for some; run on the event loop that answers HTTP, it queued acknowledgements and retrieval
// behind the background worker. Here it runs in worker threads, each message a task; the main thread only awaits.
// A thread that dies or overruns its deadline (a pathological message) is ended, its tasks fail (the worker's
// retry with backoff handles them like any processing error) and the next task starts a fresh thread.
import { Worker } from 'node:worker_threads';
import { analyseMessage } from './analysis/analyse.js';
import type { Analysis, AnalysisContext } from './analysis/types.js';

/** Analyses one message; the processor's only way to run the analysis. */
export type Analyser = (text: string, ctx: AnalysisContext) => Promise<Analysis>;

/** In-process analysis (ANALYSIS_THREADS=0, tools and tests that want no threads). */
export const analyseInProcess: Analyser = async (text, ctx) => analyseMessage(text, ctx);

export class AnalysisFailedError extends Error {
  constructor(reason: string) {
    super(`message analysis failed in its thread: ${reason}`);
    this.name = 'AnalysisFailedError';
  }
}

const THREAD_ENTRY = new URL('./analysis/thread.js', import.meta.url);

interface Pending {
  resolve(a: Analysis): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** One thread and the tasks it has been given. Referenced (keeps the process alive) only while tasks are pending. */
class AnalysisThread {
  readonly pending = new Map<number, Pending>();
  private readonly worker: Worker;
  private ended = false;

  constructor(
    entry: URL,
    private readonly onEnd: (t: AnalysisThread) => void,
  ) {
    this.worker = new Worker(entry);
    this.worker.unref();
    this.worker.on('message', (m: { id: number; analysis?: Analysis; error?: string }) => {
      const p = this.take(m.id);
      if (!p) return;
      if (m.error !== undefined) p.reject(new AnalysisFailedError(m.error));
      else p.resolve(m.analysis!);
    });
    this.worker.on('error', (err) => this.end(err.name || 'thread_error'));
    this.worker.on('exit', (code) => this.end(`thread exited (${code})`));
  }

  run(id: number, text: string, ctx: AnalysisContext, timeoutMs: number): Promise<Analysis> {
    return new Promise<Analysis>((resolve, reject) => {
      const timer = setTimeout(() => this.end(`no result within ${timeoutMs} ms`), timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, text, ctx });
    });
  }

  /** Ends the thread; its pending tasks fail with `reason`. */
  end(reason: string): Promise<number> | undefined {
    if (this.ended) return undefined;
    this.ended = true;
    this.onEnd(this);
    for (const id of [...this.pending.keys()]) this.take(id)!.reject(new AnalysisFailedError(reason));
    return this.worker.terminate();
  }

  private take(id: number): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    clearTimeout(p.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    return p;
  }
}

export class AnalysisThreads {
  private threads: AnalysisThread[] = [];
  private nextId = 0;

  constructor(
    /** Threads at most; 0 analyses in process. */
    private readonly size: number,
    /** A message's analysis taking longer than this ends its thread (and fails its tasks). */
    private readonly timeoutMs = 30_000,
    private readonly entry: URL = THREAD_ENTRY,
  ) {}

  readonly analyse: Analyser = (text, ctx) => {
    if (this.size === 0) return analyseInProcess(text, ctx);
    return this.threadFor().run(this.nextId++, text, ctx, this.timeoutMs);
  };

  /** Starts the threads now, so the first messages do not wait for the analysis modules to load. */
  warm(): void {
    while (this.threads.length < this.size) this.spawn();
  }

  /** Ends every thread (at shutdown, after the worker has stopped); a later task starts new ones. */
  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((t) => t.end('analysis threads closed')));
  }

  /** The least busy thread, or a new one while fewer than `size` run and every one is busy. */
  private threadFor(): AnalysisThread {
    const idle = this.threads.reduce<AnalysisThread | undefined>((best, t) => (!best || t.pending.size < best.pending.size ? t : best), undefined);
    if (idle && (idle.pending.size === 0 || this.threads.length >= this.size)) return idle;
    return this.spawn();
  }

  private spawn(): AnalysisThread {
    const t = new AnalysisThread(this.entry, (ended) => (this.threads = this.threads.filter((x) => x !== ended)));
    this.threads.push(t);
    return t;
  }
}
