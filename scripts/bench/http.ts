// Plain HTTP calls of the benchmark outside the load runs: the admin API (tenants with raised limits), one-off
// API calls with their status checked, and /metrics snapshots (Neo4j time per query name).
import { randomBytes } from 'node:crypto';
import { parseQueryTimes, type QueryTime } from './stats.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, `${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export interface BenchTenant {
  tenantId: string;
  apiKey: string;
  routeSet: 'v1' | 'b2c';
}

/**
 * A tenant on the scale tier through the admin API, then its limits raised through PATCH /admin/tenants/{id} so no
 * request of the benchmark is ever refused for rate, daily calls, people or memories per person.
 */
export async function createTenant(baseUrl: string, adminToken: string, routeSet: 'v1' | 'b2c', name: string): Promise<BenchTenant> {
  const admin = { authorization: `Bearer ${adminToken}` };
  const key = await call<{ tenant_id: string; api_key: string }>(baseUrl, 'POST', '/admin/keys', admin, {
    route_set: routeSet,
    tenant_name: name,
    tier: 'scale',
    label: 'bench',
  });
  const max = 100_000_000;
  await call(baseUrl, 'PATCH', `/admin/tenants/${key.tenant_id}`, admin, {
    limits: { rate_limit_rpm: max, rate_limit_daily: max, max_nodes_per_user: max, max_users: max },
  });
  return { tenantId: key.tenant_id, apiKey: key.api_key, routeSet };
}

export const keyHeaders = (t: BenchTenant): Record<string, string> =>
  t.routeSet === 'b2c' ? { authorization: `Bearer ${t.apiKey}` } : { 'x-api-key': t.apiKey };

/** The service under bench is started with this METRICS_TOKEN, which the scrapes below send. */
export const METRICS_TOKEN = randomBytes(24).toString('hex');

async function metricsText(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new HttpError(res.status, `GET /metrics → ${res.status}`);
  return res.text();
}

/** Neo4j time per registered query name, as the service's /metrics reports it right now. */
export async function queryTimes(baseUrl: string): Promise<Map<string, QueryTime>> {
  return parseQueryTimes(await metricsText(baseUrl));
}
