// Salience over time (DESIGN.md "Salience", spec 3.1, 3.2, 2.9): every job for every tenant, on a cron schedule,
// under a named lease so one replica runs them at a time. The read path computes S itself; the jobs only materialise it
// and move states (active/dormant, interest stages, themes, compression).
import { Cron } from 'croner';
import type { Graph } from '../graph/graph.js';
import { holderId, LeaseTerms, NamedLease } from '../graph/leases.js';
import type { Logger } from '../log.js';
import { DEFAULT_DECAY, DEFAULT_INJECTION_THRESHOLD } from '../salience/salience.js';
import { DEFAULT_JOB_SETTINGS, emptyCounts, JOB_NAMES, JOBS, type JobCounts, type JobSettings, type TenantJobParams } from './jobs.js';
import { J, openJobGraph } from './registry.js';

export type { TenantJobParams, JobSettings, JobCounts } from './jobs.js';

export const DEFAULT_SCHEDULE = '*/15 * * * *';
export const DEFAULT_TENANT_PARAMS: TenantJobParams = { decay: DEFAULT_DECAY, injectionThreshold: DEFAULT_INJECTION_THRESHOLD };

export interface JobSchedulerOptions {
  /** The jobs' "now" (epoch ms); injected in tests. */
  clock?: () => number;
  /** Cron pattern (croner), default every 15 minutes. */
  schedule?: string;
  /** A tenant's decay parameters and injection threshold, e.g. `(id) => profiles.get(id)`; defaults otherwise. */
  tenantParams?: (tenantId: string) => Promise<TenantJobParams>;
  settings?: Partial<JobSettings>;
  /** Only these tenants (tests, operators); every tenant serving a person otherwise. */
  tenants?: string[];
  lockName?: string;
  /** How long a run's lease lasts unrenewed (it is renewed after each tenant); then another replica takes over. */
  lockLeaseMinutes?: number;
}

export interface JobFailure {
  tenantId: string;
  job: string;
  message: string;
}

export interface JobReport {
  /** False when another process held the lock: nothing ran. */
  ran: boolean;
  skipped?: 'locked';
  now: string;
  tenants: number;
  /** Counts per job, summed over tenants. */
  jobs: JobCounts;
  failures: JobFailure[];
  /** The lock was taken over mid-run (this process looked dead); the run stopped early. */
  lostLock?: boolean;
  durationMs: number;
}

export class JobScheduler {
  private readonly clock: () => number;
  private readonly settings: JobSettings;
  private readonly tenantParams: (tenantId: string) => Promise<TenantJobParams>;
  private readonly schedule: string;
  private cron?: Cron;
  private stopped = false;
  private jobGraph?: Promise<Graph>;
  private inFlight = new Set<Promise<JobReport>>();

  constructor(
    private readonly graph: Graph,
    private readonly log: Logger,
    private readonly opts: JobSchedulerOptions = {},
  ) {
    this.clock = opts.clock ?? Date.now;
    this.settings = { ...DEFAULT_JOB_SETTINGS, ...opts.settings };
    this.tenantParams = opts.tenantParams ?? (async () => DEFAULT_TENANT_PARAMS);
    this.schedule = opts.schedule ?? DEFAULT_SCHEDULE;
    // A bad pattern fails here, at construction, not at start(); 'off' (JOBS_SCHEDULE=off) schedules nothing.
    if (this.schedule !== 'off') new Cron(this.schedule).stop();
  }

  start(): void {
    if (this.cron || this.stopped || this.schedule === 'off') return;
    // protect: a run never overlaps the previous one; unref: the schedule alone does not keep the process alive.
    this.cron = new Cron(this.schedule, { protect: true, unref: true }, async () => {
      try {
        await this.runAll();
      } catch (err) {
        this.log.error('salience jobs failed', { message: (err as Error).message });
      }
    });
    this.log.info('salience jobs scheduled', { schedule: this.schedule, next: this.cron.nextRun()?.toISOString() });
  }

  /** When the schedule runs next; null before start() and after stop(). */
  nextRun(): Date | null {
    return this.cron?.nextRun() ?? null;
  }

  /** Stops the schedule (for good) and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.cron?.stop();
    this.stopped = true;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs every job for every tenant once, if this process gets the lock; otherwise reports the skip. */
  runAll(now: number = this.clock()): Promise<JobReport> {
    const run = this.runLocked(now);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run)).catch(() => {});
    return run;
  }

  private async runLocked(nowMs: number): Promise<JobReport> {
    const started = performance.now();
    const now = new Date(nowMs).toISOString();
    // Loaded once; a failed load (a missing job file) is retried at the next run.
    const graph = await (this.jobGraph ??= openJobGraph(this.graph).catch((err: unknown) => {
      this.jobGraph = undefined;
      throw err;
    }));
    const report: JobReport = { ran: false, now, tenants: 0, jobs: emptyCounts(), failures: [], durationMs: 0 };
    // Lease times are wall-clock: they are about processes, not about the jobs' injected "now".
    const terms = new LeaseTerms(holderId('jobs'), (this.opts.lockLeaseMinutes ?? 30) * 60_000);
    const lease = new NamedLease(this.graph, `jobs/${this.opts.lockName ?? 'salience-jobs'}`, terms);
    if (!(await lease.acquire())) {
      this.log.info('salience jobs skipped: another process holds the lock', { now });
      return { ...report, skipped: 'locked', durationMs: Math.round(performance.now() - started) };
    }
    report.ran = true;
    try {
      const tenants = this.opts.tenants ?? (await graph.read<{ tenantId: string }>(J.tenants)).map((r) => r.tenantId);
      for (const tenantId of tenants) {
        await this.runTenant(graph, tenantId, now, report);
        report.tenants++;
        if (!(await lease.renew())) {
          report.lostLock = true;
          this.log.warn('salience jobs stopped: the lock was taken over', { now });
          break;
        }
      }
    } finally {
      if (!report.lostLock) await lease.release().catch((err: Error) => this.log.warn('job lease release failed', { message: err.message }));
    }
    report.durationMs = Math.round(performance.now() - started);
    this.log.info('salience jobs ran', {
      now,
      tenants: report.tenants,
      jobs: report.jobs,
      failures: report.failures.length,
      durationMs: report.durationMs,
    });
    return report;
  }

  /** One tenant, every job in order; a failing job is reported and the next one still runs. */
  private async runTenant(graph: Graph, tenantId: string, now: string, report: JobReport): Promise<void> {
    let params: TenantJobParams;
    try {
      params = await this.tenantParams(tenantId);
    } catch (err) {
      report.failures.push({ tenantId, job: 'tenantParams', message: (err as Error).message });
      return;
    }
    for (const job of JOB_NAMES) {
      try {
        const counts = await JOBS[job]({ graph, tenantId, now, params, settings: this.settings });
        const total = report.jobs[job] as Record<string, number>;
        for (const [k, v] of Object.entries(counts ?? {})) total[k] = (total[k] ?? 0) + Number(v ?? 0);
      } catch (err) {
        report.failures.push({ tenantId, job, message: (err as Error).message });
        this.log.warn('salience job failed', { tenantId, job, message: (err as Error).message });
      }
    }
  }
}
