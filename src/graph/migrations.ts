// Numbered, checksummed, immutable schema migrations (cypher/migrations/V0001__name.cypher), applied in order
// under a named lease per chain, each recorded in the graph as a link in a chain. Modelled on neo4j-migrations.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Graph } from './graph.js';
import { holderId, LEASE_CONSTRAINT, LeaseTerms, NamedLease } from './leases.js';
import { query } from './queries.js';

const Q = {
  createChainConstraint: query('migrations/createChainConstraint'),
  listApplied: query('migrations/listApplied'),
  recordApplied: query('migrations/recordApplied'),
  awaitIndexes: query('migrations/awaitIndexes'),
};

export const DEFAULT_CHAIN = 'memory-middleware';

export interface Migration {
  version: string;
  description: string;
  file: string;
  checksum: string;
  statements: string[];
}

export interface AppliedMigration {
  version: string;
  description: string;
  checksum: string;
  appliedAt: string;
}

export class MigrationError extends Error {}

const FILE_NAME = /^V(\d{4})__([A-Za-z0-9_]+)\.cypher$/;

/** Checksums are over LF-normalised text, so a checkout with CRLF line endings is not an edit. */
export function checksumOf(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('hex');
}

/** Splits a migration file into statements at semicolons that end a line; `//` comment lines are dropped. */
export function splitStatements(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((l) => !/^\s*\/\//.test(l));
  return lines
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function loadMigrations(dir: string): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const name of (await readdir(dir)).sort()) {
    if (!name.endsWith('.cypher')) continue;
    const m = FILE_NAME.exec(name);
    if (!m) throw new MigrationError(`Migration file name must look like V0001__description.cypher: ${name}`);
    const text = await readFile(path.join(dir, name), 'utf8');
    const version = m[1]!;
    if (migrations.some((x) => x.version === version)) throw new MigrationError(`Two migrations share version ${version}`);
    migrations.push({ version, description: m[2]!.replace(/_/g, ' '), file: name, checksum: checksumOf(text), statements: splitStatements(text) });
  }
  return migrations;
}

export interface MigrateOptions {
  chain?: string;
  /** Parameters every statement may use, e.g. $embeddingDimensions. */
  params?: Record<string, unknown>;
  lockWaitMs?: number;
  /** How long the runner's lease lasts unrenewed (renewed after each migration); then another runner takes over. */
  lockLeaseSeconds?: number;
  /** The lease's clock (epoch ms); injected in tests. */
  clock?: () => number;
  log?: (message: string, meta?: Record<string, unknown>) => void;
}

export interface MigrationStatus {
  applied: AppliedMigration[];
  pending: Migration[];
}

async function ensureBootstrap(graph: Graph): Promise<void> {
  // Idempotent; two replicas racing here may see "equivalent constraint already exists": try again once.
  for (const name of [LEASE_CONSTRAINT, Q.createChainConstraint]) {
    const text = graph.queries.get(name);
    try {
      await graph.runSchemaStatement(text);
    } catch {
      await graph.runSchemaStatement(text);
    }
  }
}

export async function migrationStatus(graph: Graph, dir: string, chain = DEFAULT_CHAIN): Promise<MigrationStatus> {
  const [migrations, applied] = await Promise.all([loadMigrations(dir), listApplied(graph, chain)]);
  checkHistory(migrations, applied);
  const done = new Set(applied.map((a) => a.version));
  return { applied, pending: migrations.filter((m) => !done.has(m.version)) };
}

function listApplied(graph: Graph, chain: string): Promise<AppliedMigration[]> {
  return graph.read<AppliedMigration>(Q.listApplied, { chain });
}

/** Refuses a history that the files on disk do not reproduce: an edited or a vanished migration. */
function checkHistory(migrations: Migration[], applied: AppliedMigration[]): void {
  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  for (const a of applied) {
    const m = byVersion.get(a.version);
    if (!m) throw new MigrationError(`Migration V${a.version} (${a.description}) is recorded in the database but its file is missing`);
    if (m.checksum !== a.checksum)
      throw new MigrationError(
        `Migration ${m.file} was edited after it was applied (checksum ${m.checksum.slice(0, 12)} differs from the recorded ${a.checksum.slice(0, 12)}); landed migrations are immutable, add a new one instead`,
      );
  }
}

export async function migrate(graph: Graph, dir: string, opts: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const chain = opts.chain ?? DEFAULT_CHAIN;
  const terms = new LeaseTerms(holderId('migrations'), (opts.lockLeaseSeconds ?? 900) * 1000, opts.clock);
  const lease = new NamedLease(graph, `migrations/${chain}`, terms);
  const log = opts.log ?? (() => {});
  const migrations = await loadMigrations(dir);
  await ensureBootstrap(graph);
  await acquireWaiting(lease, chain, opts.lockWaitMs ?? 60_000);
  const appliedNow: string[] = [];
  try {
    const applied = await listApplied(graph, chain);
    checkHistory(migrations, applied);
    const done = new Set(applied.map((a) => a.version));
    let previous = applied.at(-1)?.version ?? null;
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      const started = performance.now();
      log('applying migration', { version: m.version, description: m.description });
      for (const statement of m.statements)
        await graph.runSchemaStatement(statement, opts.params ?? {}).catch((err: Error) => Promise.reject(statementError(m, err)));
      await graph.write(Q.recordApplied, {
        chain,
        version: m.version,
        description: m.description,
        checksum: m.checksum,
        owner: lease.holder,
        previous,
        executionMs: Math.round(performance.now() - started),
      });
      previous = m.version;
      appliedNow.push(m.version);
      if (!(await lease.renew())) throw new MigrationError(`The migration lease for chain '${chain}' was taken over after V${m.version}; stopped`);
    }
    if (appliedNow.length) await graph.runSchemaStatement(graph.queries.get(Q.awaitIndexes), { timeoutSeconds: 300 });
  } finally {
    await lease.release();
  }
  return { applied: appliedNow };
}

/** A migration in Cypher 25 on a Neo4j without it (5.26) names the upgrade, not only Neo4j's parser message. */
function statementError(m: Migration, err: Error): Error {
  if (!/not a valid option for cypher version/i.test(err.message)) return err;
  return new MigrationError(
    `Migration ${m.file} needs Neo4j 2026.x or later (Cypher 25) and this Neo4j has only Cypher 5: upgrade Neo4j first (docs/operators/upgrade-neo4j-2026.md)`,
  );
}

async function acquireWaiting(lease: NamedLease, chain: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (!(await lease.acquire())) {
    if (Date.now() > deadline) throw new MigrationError(`Another migration run holds the lock for chain '${chain}'; gave up after ${waitMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
