// The composition root: every process-wide service, built once from the opened graph. main.ts and the tests
// build the service the same way through here.
import type { Config } from './config.js';
import { ControlService } from './controls/controls.js';
import { ErasureService } from './controls/erasure.js';
import type { Graph } from './graph/graph.js';
import type { Metrics } from './http/metrics.js';
import { IngestService } from './ingest/service.js';
import { MessageStore } from './ingest/messages.js';
import { MemoryProcessor } from './ingest/processor.js';
import { AnalysisThreads } from './ingest/analysisThreads.js';
import { DEFAULT_WORKER, IngestWorker, type WorkerOptions } from './ingest/worker.js';
import type { Logger } from './log.js';
import { JobScheduler } from './jobs/scheduler.js';
import { NodeService } from './memory/nodes.js';
import { RetrievalService } from './retrieval/service.js';
import { createEmbedder, EmbedderWithOfflineFallback } from './providers/embeddings.js';
import { createLanguageModel } from './providers/llm.js';
import type { Services } from './routes/context.js';
import { ProfileService } from './tenants/profiles.js';
import { TenantService } from './tenants/tenants.js';
import { UsageMeter } from './tenants/usage.js';

export function buildServices(
  graph: Graph,
  config: Config,
  log: Logger,
  metrics: Metrics,
  opts: { clock?: () => number; worker?: Partial<WorkerOptions> } = {},
): Services & {
  worker: IngestWorker;
  processor: MemoryProcessor;
  messages: MessageStore;
  jobs: JobScheduler;
  analysis: AnalysisThreads;
  embeddings: EmbedderWithOfflineFallback;
} {
  const tenants = new TenantService(graph, config.KEY_CACHE_TTL_MS);
  const usage = new UsageMeter(graph, opts.clock);
  const messages = new MessageStore(graph);
  // One for the write path, retrieval and fixes, so they share what is known of the provider's health.
  const embeddings = new EmbedderWithOfflineFallback(createEmbedder(config), (reason) =>
    log.warn('embedding provider failed; using the local embedder for 30 s', { reason }),
  );
  const profiles = new ProfileService(graph);
  const analysis = new AnalysisThreads(config.ANALYSIS_THREADS);
  const processor = new MemoryProcessor(graph, embeddings, createLanguageModel(config), log, profiles, analysis.analyse);
  const worker = new IngestWorker(graph, messages, processor, tenants, log, metrics, {
    ...DEFAULT_WORKER,
    leaseSeconds: config.WORKER_LEASE_SECONDS,
    concurrency: config.WORKER_CONCURRENCY,
    ...opts.worker,
  });
  const ingest = new IngestService(graph, messages, processor, () => worker.notify(), profiles);
  return {
    config,
    log,
    graph,
    tenants,
    usage,
    metrics,
    clock: opts.clock ?? Date.now,
    ingest,
    nodes: new NodeService(graph, profiles),
    profiles,
    retrieval: new RetrievalService(graph, embeddings, profiles, log, metrics, opts.clock),
    worker,
    analysis,
    embeddings,
    jobs: new JobScheduler(graph, log, { clock: opts.clock, schedule: config.JOBS_SCHEDULE, tenantParams: (id) => profiles.get(id) }),
    processor,
    messages,
    controls: new ControlService(graph, embeddings, profiles),
    erasure: new ErasureService(graph, log, opts.clock, { leaseMs: config.ERASE_LEASE_MS, batchSize: config.ERASE_BATCH_SIZE }),
  };
}
