// Operator routes outside the route sets: Prometheus metrics.
import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const MetricsText = z.string().describe('Prometheus text exposition format.');

export const OPS_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description:
      'http_requests_total, http_request_duration_seconds, neo4j_query_duration_seconds, background_queue_depth and the Node defaults. ' +
      'Requests are labelled by route pattern only (anything unmatched shares the one label `unmatched`). Closed unless METRICS_TOKEN or ADMIN_TOKEN is set; ' +
      'a Prometheus scrape job sends METRICS_TOKEN as a bearer token.',
    tag: 'Operations',
    security: 'metricsToken',
    request: {},
    responses: { 200: { schema: MetricsText, description: 'Prometheus text format.', contentType: 'text/plain; version=0.0.4; charset=utf-8' } },
    example: { response: { status: 200, body: '# HELP http_requests_total Requests\n# TYPE http_requests_total counter\n' } },
    async handler({ ctx, s }) {
      ctx.set('Content-Type', s.metrics.registry.contentType);
      return s.metrics.registry.metrics();
    },
  }),
];
