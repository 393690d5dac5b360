// A small HTTP client for the tests: real requests to the running service.
import { ADMIN_TOKEN, testEnv } from './env.js';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, with the given content type (for malformed-input tests). */
  raw?: { data: string | Uint8Array; contentType?: string };
  headers?: Record<string, string>;
  baseUrl?: string;
}

export async function call<T = any>(method: string, path: string, o: RequestOptions = {}): Promise<Reply<T>> {
  const baseUrl = o.baseUrl ?? (await testEnv()).baseUrl;
  const headers: Record<string, string> = { ...o.headers };
  let body: string | Uint8Array | undefined;
  if (o.raw) {
    body = o.raw.data;
    if (o.raw.contentType) headers['Content-Type'] = o.raw.contentType;
  } else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(baseUrl + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const v1 = (key: string) => ({ 'X-API-Key': key });
export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
export const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

const created: string[] = [];

/** A fresh tenant with one key, made through the admin API; removed by cleanupTenants(). */
export async function newTenant(routeSet: 'v1' | 'b2c' = 'v1', tier = 'starter'): Promise<{ tenantId: string; apiKey: string; keyId: string }> {
  const r = await call('POST', '/admin/keys', { headers: admin, body: { route_set: routeSet, tenant_name: `test ${routeSet} ${tier}`, tier } });
  if (r.status !== 201) throw new Error(`admin create-key failed: ${r.status} ${r.text}`);
  created.push(r.body.tenant_id);
  return { tenantId: r.body.tenant_id, apiKey: r.body.api_key, keyId: r.body.key_id };
}

export function trackTenant(id: string): void {
  created.push(id);
}

export async function cleanupTenants(): Promise<void> {
  const { deleteTenants } = await import('./env.js');
  await deleteTenants(created.splice(0));
}

export const uniqueEmail = () => `t-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
