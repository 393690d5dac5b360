// A small JSON client for the harness: the API exactly as an app calls it.
export interface Client {
  post<T>(path: string, body: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
}

export function client(baseUrl: string, apiKey: string): Client {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { 'X-API-Key': apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      // Neo4j busy for a moment: the service says so with 503; try again a few times.
      if (res.status === 503 && attempt < 5) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    }
  }
  return { post: (p, b) => call('POST', p, b), get: (p) => call('GET', p) };
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping the results in order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}
