// The one executor every query goes through: a named database, managed transactions, transaction metadata,
// query timing, plain JS values out, and driver failures translated into our own error types.
import neo4j, { type Driver, type ManagedTransaction, type Record as Neo4jRecord } from 'neo4j-driver';
import { GraphConstraintError, GraphUnavailableError } from './errors.js';
import type { QueryName, QueryRegistry } from './queries.js';

export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

export interface RunOptions {
  /** Carried into the transaction metadata so a slow query in Neo4j's query log can be traced to a request. */
  requestId?: string;
  timeoutMs?: number;
}

export type QueryObserver = (name: string, seconds: number) => void;

/** A transaction handed to a unit of work: runs registered queries by name, nothing else. */
export class GraphTx {
  constructor(
    private readonly tx: ManagedTransaction,
    private readonly queries: QueryRegistry,
    private readonly observe: QueryObserver,
  ) {}

  async run<T = Row>(name: QueryName, params: Params = {}): Promise<T[]> {
    const started = performance.now();
    const result = await this.tx.run(this.queries.get(name), params);
    this.observe(name, (performance.now() - started) / 1000);
    return result.records.map((r) => toPlain(r) as T);
  }
}

export class Graph {
  constructor(
    readonly driver: Driver,
    readonly database: string,
    readonly queries: QueryRegistry,
    private readonly observe: QueryObserver = () => {},
    private readonly defaultTimeoutMs = 10_000,
  ) {}

  read<T = Row>(name: QueryName, params: Params = {}, opts: RunOptions = {}): Promise<T[]> {
    return this.readTx((tx) => tx.run<T>(name, params), { ...opts, label: name });
  }

  write<T = Row>(name: QueryName, params: Params = {}, opts: RunOptions = {}): Promise<T[]> {
    return this.writeTx((tx) => tx.run<T>(name, params), { ...opts, label: name });
  }

  readTx<T>(work: (tx: GraphTx) => Promise<T>, opts: RunOptions & { label?: string } = {}): Promise<T> {
    return this.transact('READ', work, opts);
  }

  /** One logical write = one transaction: either all of it lands or none of it does. */
  writeTx<T>(work: (tx: GraphTx) => Promise<T>, opts: RunOptions & { label?: string } = {}): Promise<T> {
    return this.transact('WRITE', work, opts);
  }

  /**
   * Runs one schema statement in its own auto-commit transaction (DDL cannot share a transaction with data
   * writes). Only for migration files and registered DDL, never for text built at run time.
   */
  async runSchemaStatement(cypher: string, params: Params = {}): Promise<Row[]> {
    const session = this.driver.session({ database: this.database });
    try {
      const result = await session.run(cypher, params);
      return result.records.map((r) => toPlain(r) as Row);
    } catch (err) {
      throw translate(err);
    } finally {
      await session.close();
    }
  }

  private async transact<T>(mode: 'READ' | 'WRITE', work: (tx: GraphTx) => Promise<T>, opts: RunOptions & { label?: string }): Promise<T> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
    });
    const config = {
      timeout: opts.timeoutMs ?? this.defaultTimeoutMs,
      metadata: { app: 'memory-middleware', unit: opts.label ?? 'unit-of-work', requestId: opts.requestId ?? null },
    };
    try {
      const run = (tx: ManagedTransaction) => work(new GraphTx(tx, this.queries, this.observe));
      return mode === 'READ' ? await session.executeRead(run, config) : await session.executeWrite(run, config);
    } catch (err) {
      throw translate(err);
    } finally {
      await session.close();
    }
  }
}

const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SessionExpired', 'Neo.TransientError.General.DatabaseUnavailable']);

export function translate(err: unknown): unknown {
  if (err instanceof GraphUnavailableError || err instanceof GraphConstraintError) return err;
  const e = err as { code?: string; message?: string } | undefined;
  if (!e || typeof e !== 'object') return err;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return new GraphUnavailableError(err);
  if (e.message && /Connection acquisition timed out|Could not perform discovery|Failed to connect to server|connect ECONNREFUSED/.test(e.message))
    return new GraphUnavailableError(err);
  if (e.code === 'Neo.ClientError.Schema.ConstraintValidationFailed') return new GraphConstraintError(err);
  return err;
}

/** Records become plain objects: temporal values become ISO strings, nodes their property maps. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value !== 'object') return value;
  if ((value as Neo4jRecord).keys && typeof (value as Neo4jRecord).toObject === 'function') return toPlain((value as Neo4jRecord).toObject());
  if (
    neo4j.isDateTime(value) ||
    neo4j.isDate(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isDuration(value)
  ) {
    if (neo4j.isDateTime(value)) return value.toStandardDate().toISOString();
    return value.toString();
  }
  if (neo4j.isNode(value) || neo4j.isRelationship(value)) return toPlain(value.properties);
  if (neo4j.isInt(value)) return value.toNumber();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = toPlain(v);
  return out;
}
