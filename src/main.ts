// config → graph (local Neo4j when NEO4J_URI is unset) → migrations → app → listen; graceful shutdown.
import type { Server } from 'node:http';
import { loadConfigOrExit } from './config.js';
import { buildApp } from './app.js';
import { Metrics } from './http/metrics.js';
import { createLogger } from './log.js';
import { portError, requireFreePort } from './ops/ports.js';
import { openGraph, runMigrations, warmQueryPlans } from './runtime.js';
import { BackgroundReembed } from './jobs/reembed.js';
import { ensureEmbeddingModel } from './providers/localModel.js';
import { buildServices } from './services.js';
import { version } from './version.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  // Before the embedded Neo4j's start, which takes seconds: a taken HTTP port is said now.
  await requireFreePort(config.PORT, config.HOST, 'the HTTP API', 'PORT');
  const metrics = new Metrics();
  const opened = await openGraph(config, log, { observe: metrics.observeQuery });
  const { graph } = opened;
  if (config.MIGRATE_ON_START) {
    const { applied } = await runMigrations(graph, config, log);
    log.info('migrations checked', { appliedNow: applied });
  }
  void warmQueryPlans(graph, log).catch((err: Error) => log.warn('query plans were not warmed', { reason: err.message }));
  // The local model's files come with neo4j-local's Maven build; installed now if missing (needs Maven), or a clear error.
  if (config.EMBEDDINGS !== 'hash')
    await ensureEmbeddingModel((m) => log.info(m)).catch((err: Error) => {
      if (config.EMBEDDINGS === 'openai' || (config.EMBEDDINGS === 'auto' && config.OPENAI_API_KEY))
        log.warn('the local embedding model is missing: no offline fallback if OpenAI fails', { reason: err.message });
      else throw err;
    });
  const services = buildServices(graph, config, log, metrics);
  services.usage.start();
  // Memories whose vectors another embedder made get the current one's, in the background (resumable).
  const reembedding = new BackgroundReembed(graph, services.embeddings.primary, log);
  if (config.INGEST_WORKER === 'on') {
    services.analysis.warm();
    services.worker.start();
    reembedding.start();
  } else log.info('background worker is off (INGEST_WORKER=off): acknowledged messages wait for a process where it is on');
  services.erasure.start();
  if (config.JOBS_SCHEDULE !== 'off') services.jobs.start();
  const app = buildApp(services);

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    // Taken since the check above: the same sentence, not an unhandled 'error' event.
    s.once('error', (err: NodeJS.ErrnoException) => reject(err.code ? portError(config.PORT, config.HOST, 'the HTTP API', err.code, 'PORT') : err));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info('memory middleware is listening', {
    version,
    url: `http://${config.HOST}:${port}`,
    neo4j: opened.local ? `embedded local Neo4j at ${opened.uri} (data in ${opened.local.dataDir})` : opened.uri,
    browser: opened.local?.browserUrl,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Stop accepting, let in-flight requests finish, then drop the rest after the grace period.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(grace);
    await reembedding.stop();
    await services.worker.stop();
    // After the worker (and every request) finished: nothing analyses any more.
    await services.analysis.close();
    await services.erasure.stop();
    await services.jobs.stop();
    await services.retrieval.recorded();
    await services.usage.stop().catch((err: Error) => log.warn('usage flush failed at shutdown', { message: err.message }));
    await opened.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: Error) => {
  console.error(`start-up failed: ${err.message}`);
  process.exit(1);
});
