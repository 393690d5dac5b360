// A local HTTP server that speaks enough of the OpenAI and Anthropic APIs for their SDKs, with behaviour set
// per endpoint (answer, fail with a status, be slow, send garbage) and a record of every request it got.
// Base URLs as the SDKs expect them: OpenAI's ends in /v1 (the SDK appends /chat/completions), Anthropic's is
// the bare origin (the SDK appends /v1/messages).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubEndpoint = 'openai.chat' | 'openai.embeddings' | 'anthropic.messages';

const PATHS: Record<string, StubEndpoint> = {
  '/v1/chat/completions': 'openai.chat',
  '/v1/embeddings': 'openai.embeddings',
  '/v1/messages': 'anthropic.messages',
};

export interface StubBehaviour {
  /** Wait this long before answering (a slow provider). */
  delayMs?: number;
  /** Fail with this HTTP status and the provider's error body. */
  status?: number;
  /** The message in that error body. */
  errorMessage?: string;
  /** Extra response headers. Failures carry `retry-after-ms: 1` unless told otherwise, so SDK retries are quick. */
  headers?: Record<string, string>;
  /** Answer 200 with exactly this body (e.g. not JSON). */
  raw?: string;
  /** Content type of `raw`; application/json by default (a body that claims JSON and is not). */
  rawContentType?: string;
  /** Answer 200 with this JSON instead of a well-formed reply (the wrong shape). */
  json?: unknown;
  /** Chat and messages: the assistant's text (default "ok"). */
  content?: string;
  /** Embeddings: numbers per vector (default: the request's `dimensions`, else 8). */
  dimensions?: number;
  /** Embeddings: the vectors to answer with, instead of the stub's hashed ones (e.g. a local model's). */
  embed?: (texts: string[]) => Promise<number[][]>;
  /** Chat and messages: the assistant's text, worked out from the request. */
  contentFor?: (body: any) => string;
}

export interface StubRequest {
  endpoint: StubEndpoint | 'unknown';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // Parsed JSON body (undefined when it was not JSON); tests read fields they know.
  body: any;
}

export interface ProviderStub {
  url: string;
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  /** One behaviour for every request, or a sequence: request n gets entry n, the last one repeats. */
  set(endpoint: StubEndpoint, behaviour: StubBehaviour | StubBehaviour[]): void;
  requests: StubRequest[];
  requestsTo(endpoint: StubEndpoint): StubRequest[];
  /** Forgets behaviours and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export async function startProviderStub(): Promise<ProviderStub> {
  const behaviours = new Map<StubEndpoint, StubBehaviour[]>();
  const served = new Map<StubEndpoint, number>();
  const requests: StubRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const endpoint = PATHS[path];
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ endpoint: endpoint ?? 'unknown', method: req.method ?? '', path, headers: req.headers, body });
      if (!endpoint || req.method !== 'POST') return send(res, 404, { error: { message: 'not found' } });

      const sequence = behaviours.get(endpoint) ?? [{}];
      const n = served.get(endpoint) ?? 0;
      served.set(endpoint, n + 1);
      const behaviour = sequence[Math.min(n, sequence.length - 1)] ?? {};
      const answer = () => reply(res, endpoint, behaviour, body);
      if (!behaviour.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, behaviour.delayMs);
      timers.add(timer);
      res.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    set(endpoint, behaviour) {
      behaviours.set(endpoint, Array.isArray(behaviour) ? behaviour : [behaviour]);
      served.set(endpoint, 0);
    },
    requests,
    requestsTo: (endpoint) => requests.filter((r) => r.endpoint === endpoint),
    reset() {
      behaviours.clear();
      served.clear();
      requests.length = 0;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(res: ServerResponse, endpoint: StubEndpoint, b: StubBehaviour, body: any): void {
  if (b.status !== undefined && b.status >= 400) {
    const message = b.errorMessage ?? `stub failure ${b.status}`;
    const errorBody =
      endpoint === 'anthropic.messages'
        ? { type: 'error', error: { type: b.status === 429 ? 'rate_limit_error' : 'api_error', message } }
        : { error: { message, type: b.status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } };
    return send(res, b.status, errorBody, { 'retry-after-ms': '1', ...b.headers });
  }
  if (b.raw !== undefined) {
    res.writeHead(200, { 'content-type': b.rawContentType ?? 'application/json', ...b.headers });
    res.end(b.raw);
    return;
  }
  if (b.json !== undefined) return send(res, 200, b.json, b.headers);

  const model = typeof body?.model === 'string' ? body.model : 'stub-model';
  const content = b.contentFor?.(body) ?? b.content ?? 'ok';
  switch (endpoint) {
    case 'openai.chat':
      return send(
        res,
        200,
        {
          id: 'chatcmpl-stub',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        },
        b.headers,
      );
    case 'anthropic.messages':
      return send(
        res,
        200,
        {
          id: 'msg_stub',
          type: 'message',
          role: 'assistant',
          model,
          content: [{ type: 'text', text: content }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
        b.headers,
      );
    case 'openai.embeddings': {
      const inputs: unknown[] = Array.isArray(body?.input) ? body.input : [body?.input];
      const dims = b.dimensions ?? (typeof body?.dimensions === 'number' ? body.dimensions : 8);
      const answer = (vectors: number[][]) => {
        const data = vectors.map((vector, index) => {
          const embedding = body?.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
          return { object: 'embedding', index, embedding };
        });
        send(res, 200, { object: 'list', data, model, usage: { prompt_tokens: 1, total_tokens: 1 } }, b.headers);
      };
      if (!b.embed) return answer(inputs.map((text) => stubVector(String(text), dims)));
      b.embed(inputs.map(String)).then(answer, (err: Error) => send(res, 500, { error: { message: err.message, type: 'server_error', code: null } }));
      return;
    }
  }
}

/** A deterministic unit vector for a text, so tests can tell which text a vector belongs to. */
export function stubVector(text: string, dims: number): number[] {
  let h = 2166136261;
  const v: number[] = [];
  for (let i = 0; i < dims; i++) {
    for (const ch of `${text}#${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    v.push(((h >>> 0) / 2 ** 32) * 2 - 1);
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
