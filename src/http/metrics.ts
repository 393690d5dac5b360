// Prometheus metrics: requests by route and status, latency, Neo4j time by query name, retrievals, background queue
// depth.
import type { Context, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { routeOf } from './requestContext.js';

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly queryTime = new Histogram({
    name: 'neo4j_query_duration_seconds',
    help: 'Time spent in Neo4j per registered query name',
    labelNames: ['query'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [this.registry],
  });
  readonly retrievals = new Counter({
    name: 'retrievals_total',
    help: 'Retrievals computed (outcome="computed": every retrieval is; the label stays for dashboards that read it)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly queueDepth = new Gauge({
    name: 'background_queue_depth',
    help: 'Messages acknowledged but not yet processed by the background worker',
    registers: [this.registry],
  });

  constructor(withDefaults = true) {
    if (withDefaults) collectDefaultMetrics({ register: this.registry });
  }

  observeQuery = (name: string, seconds: number): void => {
    this.queryTime.observe({ query: name }, seconds);
  };

  middleware() {
    return async (ctx: Context, next: Next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        const route = routeOf(ctx);
        this.requests.inc({ route, method: ctx.method, status: String(ctx.status) });
        this.latency.observe({ route, method: ctx.method }, (performance.now() - started) / 1000);
      }
    };
  }
}
