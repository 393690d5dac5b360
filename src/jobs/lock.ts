// One lock per job set, like the migration runner's: a (:JobLock {name}) node under a uniqueness constraint
// (V0003), so of several replicas only one runs the jobs; the others skip that run. The holder beats between
// tenants; a lock whose holder stopped beating for `staleMinutes` (it died) is taken over.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { GraphConstraintError } from '../graph/errors.js';
import type { Graph } from '../graph/graph.js';
import { J } from './registry.js';

export class JobLock {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;

  constructor(
    private readonly graph: Graph,
    readonly name: string,
    private readonly staleMinutes: number,
  ) {}

  /** True when this call took the lock; false while another live process holds it. Never waits. */
  async tryAcquire(): Promise<boolean> {
    if (await this.create()) return true;
    const [row] = await this.graph.write<{ broken: number }>(J.lockBreakStale, { name: this.name, staleMinutes: this.staleMinutes });
    return (row?.broken ?? 0) > 0 && (await this.create());
  }

  /** False when the lock is no longer ours (taken over as stale): the holder should stop. */
  async heartbeat(): Promise<boolean> {
    const rows = await this.graph.write(J.lockHeartbeat, { name: this.name, owner: this.owner });
    return rows.length > 0;
  }

  async release(): Promise<void> {
    await this.graph.write(J.lockRelease, { name: this.name, owner: this.owner });
  }

  private async create(): Promise<boolean> {
    try {
      await this.graph.write(J.lockAcquire, { name: this.name, owner: this.owner });
      return true;
    } catch (err) {
      if (err instanceof GraphConstraintError) return false;
      throw err;
    }
  }
}
