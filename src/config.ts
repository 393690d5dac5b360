// The process environment, parsed once. A bad value stops start-up with a message naming it.
import { Cron } from 'croner';
import { z } from 'zod';

function isCron(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalString,
  LOG_LEVEL: z.enum(['error', 'warn', 'info', 'http', 'debug', 'silent']).default('info'),

  NEO4J_URI: optionalString.pipe(
    z
      .string()
      .regex(/^(neo4j|neo4j\+s|neo4j\+ssc|bolt|bolt\+s|bolt\+ssc):\/\/.+/, 'must be a bolt:// or neo4j:// URI')
      .optional(),
  ),
  NEO4J_USER: z.string().default('neo4j'),
  NEO4J_PASSWORD: optionalString,
  NEO4J_DATABASE: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9.-]{0,62}$/, 'must be a database name')
    .default('neo4j'),
  NEO4J_MAX_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  /** How long a query may wait for a connection or retry before the request fails with 503. */
  NEO4J_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** How long one request may wait for Neo4j in all, however many queries it runs (a query that may take longer alone gets that). */
  NEO4J_REQUEST_BUDGET_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Where the embedded local Neo4j keeps its data when NEO4J_URI is unset. */
  LOCAL_NEO4J_DATA_DIR: z.string().default('data/neo4j'),
  LOCAL_NEO4J_BOLT_PORT: z.coerce.number().int().min(0).max(65535).default(7687),
  LOCAL_NEO4J_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(7474),
  LOCAL_NEO4J_HEAP: z
    .string()
    .regex(/^\d+[mg]$/, 'must look like 512m or 2g')
    .default('1g'),

  /** Cron schedule of the salience jobs (decay, dormancy, interests, themes, compression); 'off' disables them. */
  JOBS_SCHEDULE: z
    .string()
    .default('*/15 * * * *')
    .refine((v) => v === 'off' || isCron(v), 'must be a cron pattern such as */15 * * * * or off'),
  /** Applies pending migrations at start-up; operators who migrate by hand set it to false. */
  MIGRATE_ON_START: bool.default(true),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(4096).default(384),

  ADMIN_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Bearer token of GET /metrics (a scrape job's); the admin token is accepted too. Neither set: closed. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString.pipe(z.url().optional()),
  OPENAI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_EMBEDDING_MODEL: z.string().default('text-embedding-3-small'),
  ANTHROPIC_MODEL: z.string().default('claude-3-5-haiku-latest'),
  /** Upper bound of one provider call, retries included; ingestion never waits on a provider longer. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /**
   * 'auto' (OpenAI when OPENAI_API_KEY is set, else local), 'local' (the bge-small model, offline), 'openai', or
   * 'hash' (feature hashing: instant, no meaning; for tests and benchmark seeding). Each memory records the
   * embedder that made its vector; vectors of different embedders are never compared, and a change of embedder
   * re-embeds stored memories in the background (src/jobs/reembed.ts, `npm run reembed`).
   */
  EMBEDDINGS: z.enum(['auto', 'local', 'openai', 'hash']).default('auto'),

  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** How long a cached API-key lookup is trusted by other replicas after a revocation. */
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),

  /**
   * How long a worker's claim on a message lasts: a message whose worker died (crash, SIGKILL) is taken over by
   * another worker, or by this one after a restart, once its claim is this old. Keep it well above the longest
   * processing of one message (provider calls included).
   */
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** MCP SSE streams one API key may hold open on this process at once; one more is refused with 429. */
  MCP_SSE_SESSIONS_PER_KEY: z.coerce.number().int().min(1).max(10_000).default(16),
  /**
   * Whether this process turns acknowledged messages into memories. `off` makes an API-only replica: its messages
   * wait, durably, for a process where it is `on` (the claim is safe with several workers).
   */
  INGEST_WORKER: z.enum(['on', 'off']).default('on'),
  /**
   * Threads that analyse messages for the background worker and the synchronous /ingest, off the event loop that
   * answers HTTP (src/ingest/analysisThreads.ts). 0 analyses on the event loop itself.
   */
  ANALYSIS_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  /** People whose messages one service process works on at the same time (each person's messages stay in order). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How long the background eraser's claim on a b2c erase lasts without a batch renewing it; then any eraser takes it over. */
  ERASE_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Nodes deleted per transaction by the background eraser (and per statement of the one-transaction v1 erase). */
  ERASE_BATCH_SIZE: z.coerce.number().int().min(10).max(10_000).default(500),
});

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '') };
}

/** The configuration for a process's entry point: a bad setting is said in a sentence and the process exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
