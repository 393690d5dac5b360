// Per-key request counting for rate limits (spec 8.1) and usage statistics.
//
// Windows are counted in process memory: a check-and-increment is synchronous, so concurrent requests can never
// be over-admitted. The minute window opens at a key's first request (not at the wall-clock minute), the daily
// window is the UTC calendar day. Daily counts are flushed to the graph every few seconds and read back the
// first time a process sees a key, so a restart does not hand out a fresh daily allowance. With several
// replicas each enforces the limits on its own share of traffic (documented in docs/integrating.md).
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';

const Q = {
  addCalls: query('usage/addCalls', { hot: true }),
  callsOnDay: query('usage/callsOnDay'),
  tenantCalls: query('usage/tenantCalls'),
};

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the reported window resets. */
  reset: number;
  /** Seconds to wait, when refused. */
  retryAfter: number;
}

interface KeyWindow {
  tenantId: string;
  minuteStart: number;
  minuteCount: number;
  day: string;
  dayCount: number;
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextUtcMidnight = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};

export class UsageMeter {
  private readonly windows = new Map<string, KeyWindow>();
  private readonly loading = new Map<string, Promise<KeyWindow>>();
  /** Calls not yet written to the graph, by keyId and day. */
  private unflushed = new Map<string, { keyId: string; tenantId: string; day: string; calls: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly graph: Graph,
    private readonly clock: () => number = Date.now,
  ) {}

  start(flushEveryMs = 5000): void {
    this.timer = setInterval(() => void this.flush().catch(() => {}), flushEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Counts one request for the key if both windows allow it. */
  async take(keyId: string, tenantId: string, rpm: number, daily: number): Promise<RateDecision> {
    const w = this.windows.get(keyId) ?? (await this.load(keyId, tenantId));
    // From here to the increment nothing awaits: the decision and the count are one step.
    const now = this.clock();
    if (now - w.minuteStart >= 60_000) {
      w.minuteStart = now;
      w.minuteCount = 0;
    }
    const today = utcDay(now);
    if (w.day !== today) {
      w.day = today;
      w.dayCount = 0;
    }
    const minuteReset = w.minuteStart + 60_000;
    const dayReset = nextUtcMidnight(now);
    const minuteLeft = rpm - w.minuteCount;
    const dayLeft = daily - w.dayCount;
    if (minuteLeft <= 0 || dayLeft <= 0) {
      const byDay = dayLeft <= 0;
      const reset = byDay ? dayReset : minuteReset;
      return {
        allowed: false,
        limit: byDay ? daily : rpm,
        remaining: 0,
        reset: Math.ceil(reset / 1000),
        retryAfter: Math.max(1, Math.ceil((reset - now) / 1000)),
      };
    }
    w.minuteCount += 1;
    w.dayCount += 1;
    const pendingKey = `${keyId}|${today}`;
    const pending = this.unflushed.get(pendingKey) ?? { keyId, tenantId, day: today, calls: 0 };
    pending.calls += 1;
    this.unflushed.set(pendingKey, pending);
    // Report whichever window is closer to refusing.
    const byDay = dayLeft - 1 < minuteLeft - 1;
    return {
      allowed: true,
      limit: byDay ? daily : rpm,
      remaining: byDay ? dayLeft - 1 : minuteLeft - 1,
      reset: Math.ceil((byDay ? dayReset : minuteReset) / 1000),
      retryAfter: 0,
    };
  }

  /** Writes counted calls to the graph; on failure they are kept for the next flush. */
  async flush(): Promise<void> {
    if (this.unflushed.size === 0) return;
    const batch = this.unflushed;
    this.unflushed = new Map();
    try {
      await this.graph.write(Q.addCalls, { rows: [...batch.values()] });
    } catch (err) {
      for (const [k, v] of batch) {
        const now = this.unflushed.get(k);
        if (now) now.calls += v.calls;
        else this.unflushed.set(k, v);
      }
      throw err;
    }
  }

  /** Calls of a tenant's keys today and this month, including those not yet flushed. */
  async tenantCalls(tenantId: string): Promise<{ today: number; thisMonth: number }> {
    await this.flush().catch(() => {});
    const now = this.clock();
    const today = utcDay(now);
    const [row] = await this.graph.read<{ today: number; thisMonth: number }>(Q.tenantCalls, {
      tenantId,
      today,
      monthStart: `${today.slice(0, 8)}01`,
    });
    return { today: row?.today ?? 0, thisMonth: row?.thisMonth ?? 0 };
  }

  private load(keyId: string, tenantId: string): Promise<KeyWindow> {
    let p = this.loading.get(keyId);
    if (!p) {
      p = (async () => {
        const now = this.clock();
        const day = utcDay(now);
        const [row] = await this.graph.read<{ calls: number }>(Q.callsOnDay, { keyId, day });
        const w: KeyWindow = { tenantId, minuteStart: now, minuteCount: 0, day, dayCount: row?.calls ?? 0 };
        this.windows.set(keyId, w);
        return w;
      })().finally(() => this.loading.delete(keyId));
      this.loading.set(keyId, p);
    }
    return p;
  }
}
