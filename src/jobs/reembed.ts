// Re-embedding after a change of embedder: every memory and message whose vector another embedder made gets one
// from the current embedder, batch by batch, in the background. Until then retrieval's vector channels simply do
// not see it (vectors of different embedders are never compared); the lexical channels still do. The state lives in
// the graph (each vector's embeddingModel), so an interrupted run resumes where it stopped, in this process or any
// other, and two at once only repeat a little work.
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import type { Embedder } from '../providers/embeddings.js';
import { saidText } from '../ingest/plan.js';

type Row = { id: string; tenantId: string; text: string; speakerName?: string | null };

/** What carries a vector: memories, and the messages that left memories (embedded as the write path does). */
const KINDS = [
  {
    staleModels: query('reembed/staleModels'),
    staleBatch: query('reembed/staleBatch'),
    saveVectors: query('reembed/saveVectors'),
    textOf: (r: Row) => r.text,
  },
  {
    staleModels: query('reembed/staleMessageModels'),
    staleBatch: query('reembed/staleMessageBatch'),
    saveVectors: query('reembed/saveMessageVectors'),
    textOf: (r: Row) => saidText(r.text, r.speakerName),
  },
];

export interface ReembedProgress {
  /** The current embedder's id. */
  model: string;
  /** Vectors (of memories and messages) another embedder made, when the run started. */
  total: number;
  done: number;
  /** Of the old embedders, how many vectors each still held at the start. */
  from: Record<string, number>;
  finished: boolean;
}

export interface ReembedOptions {
  batchSize?: number;
  /** One tenant's vectors only; all by default. */
  tenantId?: string;
  /** Called after every batch (and once at the start). */
  onProgress?: (p: ReembedProgress) => void;
  /** Stops between batches when it returns true (shutdown, a test's interruption). */
  shouldStop?: () => boolean;
}

/** What is left to re-embed for `model`: vectors (of memories and messages) per old embedder. */
export async function staleVectors(graph: Graph, model: string, tenantId: string | null = null): Promise<Record<string, number>> {
  return summed(await Promise.all(KINDS.map((k) => staleOf(graph, k, model, tenantId))));
}

/** Vectors per old embedder, over the kinds. */
function summed(counts: Array<Record<string, number>>): Record<string, number> {
  const total: Record<string, number> = {};
  for (const c of counts) for (const [old, n] of Object.entries(c)) total[old] = (total[old] ?? 0) + n;
  return total;
}

async function staleOf(graph: Graph, kind: (typeof KINDS)[number], model: string, tenantId: string | null): Promise<Record<string, number>> {
  const rows = await graph.read<{ model: string; vectors: number }>(kind.staleModels, { embeddingModel: model, tenantId });
  return Object.fromEntries(rows.map((r) => [r.model, Number(r.vectors)]));
}

/** Re-embeds every memory and message whose vector another embedder made; resolves with the progress when done or stopped. */
export async function reembed(graph: Graph, embedder: Embedder, o: ReembedOptions = {}): Promise<ReembedProgress> {
  const batchSize = o.batchSize ?? 64;
  const tenantId = o.tenantId ?? null;
  const stale = await Promise.all(KINDS.map((k) => staleOf(graph, k, embedder.id, tenantId)));
  const from = summed(stale);
  const progress: ReembedProgress = { model: embedder.id, total: Object.values(from).reduce((a, b) => a + b, 0), done: 0, from, finished: false };
  o.onProgress?.({ ...progress });
  for (const [k, kind] of KINDS.entries()) {
    for (const old of Object.keys(stale[k]!)) {
      for (;;) {
        if (o.shouldStop?.()) return progress;
        const batch = await graph.read<Row>(kind.staleBatch, { from: old, limit: batchSize, tenantId });
        if (!batch.length) break;
        const vectors = await embedder.embed(batch.map(kind.textOf));
        const rows = batch.map((b, i) => ({ id: b.id, tenantId: b.tenantId, embedding: vectors[i]! }));
        const [r] = await graph.write<{ updated: number }>(kind.saveVectors, { rows, from: old, embeddingModel: embedder.id });
        progress.done += Number(r?.updated ?? 0);
        o.onProgress?.({ ...progress });
        // A batch none of whose vectors could be updated (all changed meanwhile) would come back forever.
        if (Number(r?.updated ?? 0) === 0) break;
      }
    }
  }
  progress.finished = true;
  o.onProgress?.({ ...progress });
  return progress;
}

/** The service's background re-embedding: started at start-up, retried after a failure, stopped at shutdown. */
export class BackgroundReembed {
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  last?: ReembedProgress;

  constructor(
    private readonly graph: Graph,
    private readonly embedder: Embedder,
    private readonly log: { info(m: string, meta?: object): void; warn(m: string, meta?: object): void },
    private readonly retryMs = 60_000,
    private readonly reportEveryMs = 10_000,
  ) {}

  start(): void {
    if (this.stopped || this.running) return;
    let reported = 0;
    this.running = reembed(this.graph, this.embedder, {
      shouldStop: () => this.stopped,
      onProgress: (p) => {
        this.last = p;
        const now = Date.now();
        if (p.total > 0 && (p.finished || p.done === 0 || now - reported >= this.reportEveryMs)) {
          reported = now;
          this.log.info(p.finished ? 're-embedding finished' : 're-embedding memories and messages for the current embedder', { ...p });
        }
      },
    })
      .then(
        () => undefined,
        (err: Error) => {
          this.log.warn('re-embedding failed; trying again later', { reason: err.message, retryInMs: this.retryMs });
          this.timer = setTimeout(() => this.start(), this.retryMs);
          this.timer.unref();
        },
      )
      .finally(() => (this.running = undefined));
  }

  /** Stops between batches; what is done stays done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
