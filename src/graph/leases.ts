// The one lease primitive, for work that outlives a transaction: the migration runner's chain, the scheduled jobs,
// the ingest worker's claims on messages and the eraser's claims on erases. A lease is two properties of the leased
// node, leaseHolder and leaseExpiresAt, under one rule in every query that touches them:
//   acquire   when the lease has no holder, is already this holder's, or has expired (takeover: its holder died or
//             stopped renewing it);
//   renew     moves the expiry on, while this process still holds it;
//   release   clears holder and expiry, while this process still holds it;
//   fence     the first statement of a transaction that acts under a lease proves it is still held; a lease taken
//             over meanwhile rolls the transaction back (LeaseLostError).
// Each of these first writes the node (leaseLock), which takes its write lock, and then reads the lease again under
// the lock, so two processes never both take one and a late renewal never overwrites a takeover. A named lease (one
// process at a time for a whole job) is a (:Lease {name}) node; a claim on a work item is the same two properties on
// the item. Times are the process's clock, passed as $now so that a test can step past an expiry without waiting;
// replicas' clocks need only agree to well within a lease (seconds against minutes).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Graph } from './graph.js';
import { query } from './queries.js';

/** The constraint named leases need; the migration runner makes it before it takes its own lease. */
export const LEASE_CONSTRAINT = query('leases/createConstraint');

const Q = {
  acquire: query('leases/acquire'),
  renew: query('leases/renew'),
  release: query('leases/release'),
};

/** A holder's id: its role, host and process (read by operators in the graph), and a random part per instance. */
export function holderId(role: string): string {
  return `${role}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** A lease was taken over by another holder (this one's had expired): the transaction acting under it rolls back. */
export class LeaseLostError extends Error {
  constructor(what: string) {
    super(`The lease on ${what} was lost; another holder has it`);
    this.name = 'LeaseLostError';
  }
}

/** The parameters of every lease statement: who, the time now, the expiry a new or renewed lease gets, a lock write. */
export type LeaseParams = {
  holder: string;
  now: string;
  expiresAt: string;
  lock: string;
};

/** One holder's leases of one length on its clock: what its queries are given. */
export class LeaseTerms {
  constructor(
    readonly holder: string,
    readonly ttlMs: number,
    readonly clock: () => number = Date.now,
  ) {}

  params(now: number = this.clock()): LeaseParams {
    return { holder: this.holder, now: iso(now), expiresAt: iso(now + this.ttlMs), lock: randomUUID() };
  }
}

/** Throws LeaseLostError for the first of `ids` that a fencing statement did not return as still held. */
export function expectHeld(ids: string[], held: Iterable<string>, what: (id: string) => string): void {
  const still = new Set(held);
  const lost = ids.find((id) => !still.has(id));
  if (lost !== undefined) throw new LeaseLostError(what(lost));
}

/** A named lease: one holder at a time for a whole piece of work (a migration run, a run of the scheduled jobs). */
export class NamedLease {
  constructor(
    private readonly graph: Graph,
    readonly name: string,
    private readonly terms: LeaseTerms,
  ) {}

  get holder(): string {
    return this.terms.holder;
  }

  /** True when this holder has the lease now (free, expired or already its own); false while another holds it. */
  async acquire(): Promise<boolean> {
    return (await this.graph.write(Q.acquire, { name: this.name, ...this.terms.params() })).length > 0;
  }

  /** False when the lease is no longer this holder's (taken over after it expired): the holder should stop. */
  async renew(): Promise<boolean> {
    return (await this.graph.write(Q.renew, { name: this.name, ...this.terms.params() })).length > 0;
  }

  async release(): Promise<void> {
    await this.graph.write(Q.release, { name: this.name, ...this.terms.params() });
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
