// A typed client of the v1 route set (/api/v1): the integration loop, ingestion, retrieval, profiles, diagnostics
// and every person control (/memory/v2). Request types come from the zod schemas the routes validate with and
// response types from the contract schemas the OpenAPI document is generated from (src/contract/responses.ts),
// so the client cannot drift from the server. Type-only imports: nothing of the server is loaded at run time.
import type { z } from 'zod';
import type * as C from '../contract/responses.js';
import type { PinRequest, SuppressRequest } from '../routes/controlInput.js';
import type { SignupRequest } from '../routes/v1/account.js';
import type { DeleteItemRequest, FixItemRequest } from '../routes/v1/controls.js';
import type { IngestRequest, IngestV2Request, ScoreRequest } from '../routes/v1/ingest.js';
import type { PutProfileRequest } from '../routes/v1/profile.js';
import type { ContextItemsRequest, QueryRequest } from '../routes/v1/retrieval.js';
import { HttpCore, keyHeader, type ClientOptions } from './http.js';

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;
const enc = encodeURIComponent;

export const DEFAULT_V1_BASE_URL = 'http://127.0.0.1:8080/api/v1';

export interface Page {
  limit?: number;
  cursor?: string;
}

// --- response types (the contract's) ---
export type SignupResponse = Out<typeof C.SignupResponse>;
export type HealthResponse = Out<typeof C.HealthResponse>;
export type ReadyResponse = Out<typeof C.ReadyResponse>;
export type StatsResponse = Out<typeof C.StatsResponse>;
export type IngestResponse = Out<typeof C.IngestResponse>;
export type BatchResponse = Out<typeof C.BatchResponse>;
export type ScoreResponse = Out<typeof C.ScoreResponse>;
export type ProcessResponse = Out<typeof C.ProcessResponse>;
export type NodeResponse = Out<typeof C.NodeResponse>;
export type IngestV2Response = Out<typeof C.IngestV2Response>;
export type MessageStatus = Out<typeof C.MessageStatusResponse>;
export type ContextItemsResponse = Out<typeof C.ContextItemsResponse>;
export type ContextItem = ContextItemsResponse['items'][number];
export type QueryResponse = Out<typeof C.QueryResponse>;
export type ContextView = Out<typeof C.ContextView>;
export type ContextExport = Out<typeof C.ContextExport>;
export type Profile = Out<typeof C.ProfileResponse>;
export type PutProfileResponse = Out<typeof C.PutProfileResponse>;
export type PresetsResponse = Out<typeof C.PresetsResponse>;
export type DiagnosticsResponse = Out<typeof C.DiagnosticsResponse>;
export type Item = Out<typeof C.Item>;
export type ItemsResponse = Out<typeof C.ItemsResponse>;
export type SuppressResponse = Out<typeof C.SuppressResponse>;
export type UnsuppressResponse = Out<typeof C.UnsuppressResponse>;
export type SuppressionsResponse = Out<typeof C.SuppressionsResponse>;
export type PinResponse = Out<typeof C.PinResponse>;
export type FixItemResponse = Out<typeof C.FixItemResponse>;
export type DeleteItemResponse = Out<typeof C.DeleteItemResponse>;
export type LedgerResponse = Out<typeof C.LedgerResponse>;
export type V1Export = Out<typeof C.V1ExportResponse>;
export type EraseResponse = Out<typeof C.EraseResponse>;
export type EraseV2Response = Out<typeof C.EraseV2Response>;

type ViewEntity = ContextView['domains'][number]['entities'][number];
type ExportEntity = ContextExport['domains'][number]['entities'][number];
/** Either form of GET /context/{user_id}: a view (facets as sentences) or an export (facets as objects, interests). */
export interface PersonContext {
  domains: Array<{
    name: string;
    entities: Array<Omit<ViewEntity, 'facets'> & { facets: Array<ViewEntity['facets'][number] | ExportEntity['facets'][number]>; interests?: ExportEntity['interests'] }>;
  }>;
  total_entities: number;
  total_domains: number;
}

export class V1Client {
  private readonly http: HttpCore;

  /** `baseUrl` defaults to the local service's v1 base, http://127.0.0.1:8080/api/v1. */
  constructor(opts: Omit<ClientOptions, 'baseUrl'> & { baseUrl?: string }) {
    this.http = new HttpCore({ ...opts, baseUrl: opts.baseUrl ?? DEFAULT_V1_BASE_URL });
  }

  /** Starts a 30-day trial (no key needed); the answer holds the tenant's api_key, shown this once. */
  static signup(input: In<typeof SignupRequest>, opts: Omit<ClientOptions, 'baseUrl' | 'apiKey'> & { baseUrl?: string } = {}): Promise<SignupResponse> {
    const http = new HttpCore({ ...opts, apiKey: '', baseUrl: opts.baseUrl ?? DEFAULT_V1_BASE_URL });
    return http.request<SignupResponse>('POST', '/trial/signup', { body: input });
  }

  // --- the loop (spec 1.2): context before the model answers, the turn after ---
  /** Plain context items for this message, best first, within the budget. */
  contextItems(input: In<typeof ContextItemsRequest>) {
    return this.http.request<ContextItemsResponse>('POST', '/context/items', { body: input });
  }

  /** A framed context block (assert / hedged / hook) and what went into it. */
  query(input: In<typeof QueryRequest>) {
    return this.http.request<QueryResponse>('POST', '/query', { body: input });
  }

  /**
   * One message of the conversation, stored at once and processed in the background (202). With an idempotency
   * key (a UUID per message), sending it again never stores it twice.
   */
  ingestMessage(input: In<typeof IngestV2Request>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<IngestV2Response>('POST', '/ingest/v2', { body: input, headers: keyHeader(opts.idempotencyKey) });
  }

  /** Where a message stands; `waitSeconds` (≤ 30) holds the answer until it is processed. */
  message(messageId: string, waitSeconds = 0) {
    return this.http.request<MessageStatus>('GET', `/messages/${enc(messageId)}`, { query: { wait: waitSeconds } });
  }

  // --- putting information in ---
  /**
   * Stores one memory now (synchronous analysis and scoring). With an idempotency key (a UUID per memory), sending
   * it again answers the same node id and never stores it twice.
   */
  ingest(input: In<typeof IngestRequest>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<IngestResponse>('POST', '/ingest', { body: input, headers: keyHeader(opts.idempotencyKey) });
  }

  /**
   * Up to 100 /ingest bodies, each stored or failed on its own. With an idempotency key (a UUID per batch), sending
   * the batch again answers the stored items' node ids without storing them twice, and tries the failed ones again.
   */
  ingestBatch(items: Array<In<typeof IngestRequest>>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<BatchResponse>('POST', '/ingest/batch', { body: { items }, headers: keyHeader(opts.idempotencyKey) });
  }

  /** Scores content without storing it. */
  score(input: In<typeof ScoreRequest>) {
    return this.http.request<ScoreResponse>('POST', '/score', { body: input });
  }

  /** Records a processing event on a memory. */
  process(nodeId: string, userId: string) {
    return this.http.request<ProcessResponse>('POST', `/process/${enc(nodeId)}`, { body: { user_id: userId } });
  }

  /** One memory in detail. */
  node(nodeId: string) {
    return this.http.request<NodeResponse>('GET', `/nodes/${enc(nodeId)}`);
  }

  // --- getting context out ---
  /** The organised view, or with format 'export' the portability export (facets with salience, interests). */
  context(userId: string, format?: 'view'): Promise<ContextView>;
  context(userId: string, format: 'export'): Promise<ContextExport>;
  context(userId: string, format: 'view' | 'export' = 'view'): Promise<ContextView | ContextExport> {
    return this.http.request<ContextView | ContextExport>('GET', `/context/${enc(userId)}`, { query: { format } });
  }

  // --- account, profile, diagnostics ---
  health() {
    return this.http.request<HealthResponse>('GET', '/health');
  }

  ready() {
    return this.http.request<ReadyResponse>('GET', '/health/ready');
  }

  stats() {
    return this.http.request<StatsResponse>('GET', '/stats');
  }

  profile() {
    return this.http.request<Profile>('GET', '/profile');
  }

  /** Exactly one of {preset} or {updates}; values below a governance floor come back in `clamped`. */
  putProfile(input: In<typeof PutProfileRequest>) {
    return this.http.request<PutProfileResponse>('PUT', '/profile', { body: input });
  }

  presets() {
    return this.http.request<PresetsResponse>('GET', '/profile/presets');
  }

  diagnostics(userId: string) {
    return this.http.request<DiagnosticsResponse>('GET', `/diagnostics/${enc(userId)}`);
  }

  // --- person controls (/memory/v2) ---
  items(userId: string, page: Page = {}) {
    return this.http.request<ItemsResponse>('GET', '/memory/v2/items', { query: { user_id: userId, ...page } });
  }

  /** Leave a topic alone (existing memories out of retrieval, new information on it discarded) until lifted. */
  suppress(input: In<typeof SuppressRequest>) {
    return this.http.request<SuppressResponse>('POST', '/memory/v2/suppress', { body: input });
  }

  unsuppress(input: In<typeof SuppressRequest>) {
    return this.http.request<UnsuppressResponse>('DELETE', '/memory/v2/suppress', { body: input });
  }

  suppressions(userId: string) {
    return this.http.request<SuppressionsResponse>('GET', '/memory/v2/suppress', { query: { user_id: userId } });
  }

  pin(input: In<typeof PinRequest>) {
    return this.http.request<PinResponse>('POST', '/memory/v2/pin', { body: input });
  }

  unpin(input: In<typeof PinRequest>) {
    return this.http.request<PinResponse>('DELETE', '/memory/v2/pin', { body: input });
  }

  fixItem(nodeId: string, input: In<typeof FixItemRequest>) {
    return this.http.request<FixItemResponse>('PATCH', `/memory/v2/nodes/${enc(nodeId)}`, { body: input });
  }

  /** Deletes one memory; a ledger record (reason, requester) is written first. */
  deleteItem(nodeId: string, input: In<typeof DeleteItemRequest>) {
    return this.http.request<DeleteItemResponse>('DELETE', `/memory/v2/nodes/${enc(nodeId)}`, { body: input });
  }

  ledger(userId: string, page: Page = {}) {
    return this.http.request<LedgerResponse>('GET', '/memory/v2/ledger', { query: { user_id: userId, ...page } });
  }

  /** Everything held for the person: every line (archived marked) with replaced wordings, suppressions, the ledger. */
  export(userId: string) {
    return this.http.request<V1Export>('GET', '/memory/v2/export', { query: { user_id: userId } });
  }

  /** The same document at GET /export/{user_id} (the pre-erasure export). */
  exportUser(userId: string) {
    return this.http.request<V1Export>('GET', `/export/${enc(userId)}`);
  }

  /** Erases everything held for the person, at once and irreversibly (spec 4.A). */
  deleteUser(userId: string) {
    return this.http.request<EraseResponse>('DELETE', `/users/${enc(userId)}`);
  }

  /** The same erase under /memory/v2, also counting relationships. */
  eraseUser(userId: string) {
    return this.http.request<EraseV2Response>('DELETE', `/memory/v2/users/${enc(userId)}`);
  }
}
