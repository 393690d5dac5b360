// A typed client of the v1 route set (/api/v1): the integration loop and every person control.
// Request types come from the zod schemas the routes validate with, so the client cannot drift from the server.
import type { z } from 'zod';
import type { ContextItemsRequest, QueryRequest } from '../routes/v1/retrieval.js';
import type { IngestRequest, IngestV2Request } from '../routes/v1/ingest.js';
import type { DeleteItemRequest, FixItemRequest } from '../routes/v1/controls.js';
import { HttpCore, type ClientOptions } from './http.js';

type In<S extends z.ZodType> = z.input<S>;
const enc = encodeURIComponent;

export interface Page {
  limit?: number;
  cursor?: string;
}

export class V1Client {
  private readonly http: HttpCore;

  /** `baseUrl` defaults to the local service's v1 base, http://127.0.0.1:8080/api/v1. */
  constructor(opts: Omit<ClientOptions, 'baseUrl'> & { baseUrl?: string }) {
    this.http = new HttpCore({ ...opts, baseUrl: opts.baseUrl ?? 'http://127.0.0.1:8080/api/v1' });
  }

  // --- the loop (spec 1.2): context before the model answers, the turn after ---
  contextItems(input: In<typeof ContextItemsRequest>) {
    return this.http.request<{ user_id: string; items: Array<{ node_id: string; about: string; sentence: string; date: string }>; count: number }>(
      'POST',
      '/context/items',
      { body: input },
    );
  }

  query(input: In<typeof QueryRequest>) {
    return this.http.request<{
      context: string;
      node_count: number;
      confidence: 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE';
      retrieval_channels: { salience: number; recency: number; constraints: number };
      nodes: Array<{ node_id: string; topic: string; salience: number; framing: 'assert' | 'hedged' | 'hook' }>;
    }>('POST', '/query', { body: input });
  }

  ingestMessage(input: In<typeof IngestV2Request>) {
    return this.http.request<{ message_id: string; user_id: string; status: 'pending'; received_at: string; safety: { crisis_detected: boolean; categories: string[] } }>(
      'POST',
      '/ingest/v2',
      { body: input },
    );
  }

  /** Where a message stands; `waitSeconds` (≤ 30) holds the answer until it is processed. */
  message(messageId: string, waitSeconds = 0) {
    return this.http.request<{ message_id: string; status: 'pending' | 'processing' | 'done' | 'failed'; memory_ids: string[]; error: string | null }>(
      'GET',
      `/messages/${enc(messageId)}`,
      { query: { wait: waitSeconds } },
    );
  }

  ingest(input: In<typeof IngestRequest>) {
    return this.http.request<{ node_id: string; entities_created: string[]; safety: { crisis_detected: boolean } }>('POST', '/ingest', { body: input });
  }

  /** The organised view, or with format 'export' the portability export (facets with salience, interests). */
  context(userId: string, format: 'view' | 'export' = 'view') {
    return this.http.request<PersonContext>('GET', `/context/${enc(userId)}`, { query: { format } });
  }

  // --- person controls (/memory/v2) ---
  items(userId: string, page: Page = {}) {
    return this.http.request<{ user_id: string; items: Item[]; count: number; total: number; next_cursor: string | null }>('GET', '/memory/v2/items', {
      query: { user_id: userId, ...page },
    });
  }

  deleteItem(nodeId: string, input: In<typeof DeleteItemRequest>) {
    return this.http.request<{ status: 'deleted'; user_id: string; node_id: string; ledger_id: string; nodes_deleted: number; edges_deleted: number }>(
      'DELETE',
      `/memory/v2/nodes/${enc(nodeId)}`,
      { body: input },
    );
  }

  fixItem(nodeId: string, input: In<typeof FixItemRequest>) {
    return this.http.request<{ user_id: string; item: Item }>('PATCH', `/memory/v2/nodes/${enc(nodeId)}`, { body: input });
  }

  /** Erases everything held for the person, at once and irreversibly (spec 4.A). */
  deleteUser(userId: string) {
    return this.http.request<{ status: 'deleted'; user_id: string; nodes_deleted: number }>('DELETE', `/users/${enc(userId)}`);
  }
}

export interface Item {
  node_id: string;
  type: 'domain' | 'entity' | 'facet' | 'theme' | 'interest';
  about: string;
  sentence: string;
  domain: string | null;
  entity: string | null;
  stage?: string | null;
  salience: number;
  pinned: boolean;
  state: string;
  processing_count: number;
  created_at: string;
  updated_at: string;
  archived: boolean;
  revisions: number;
}

export interface PersonContext {
  domains: Array<{
    name: string;
    entities: Array<{
      name: string;
      salience: number;
      facets: Array<string | { topic: string; summary: string; salience: number; created_at: string }>;
      themes: string[];
      interests?: Array<{ topic: string; stage: string; salience: number; created_at: string }>;
    }>;
  }>;
  total_entities: number;
  total_domains: number;
}
