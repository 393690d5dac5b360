// A typed client of the v1 route set (/api/v1): the integration loop, ingestion, retrieval, profiles, diagnostics
// and every person control (/memory/v2). Request and answer types are generated from the service's OpenAPI
// document (openapi.ts), which the service generates from the schemas its routes validate with.
import { DEFAULT_ORIGIN, HttpCore, keyHeader, routeSetBase, type ClientOptions } from './http.js';
import type { RequestBody, Schemas } from './types.js';

const enc = encodeURIComponent;

const V1_PATH = '/api/v1';
export const DEFAULT_V1_BASE_URL = DEFAULT_ORIGIN + V1_PATH;

export interface Page {
  limit?: number;
  cursor?: string;
}

// --- response types (the contract's) ---
export type SignupResponse = Schemas['SignupResponse'];
export type HealthResponse = Schemas['HealthResponse'];
export type ReadyResponse = Schemas['ReadyResponse'];
export type StatsResponse = Schemas['StatsResponse'];
export type IngestResponse = Schemas['IngestResponse'];
export type BatchResponse = Schemas['BatchResponse'];
export type ScoreResponse = Schemas['ScoreResponse'];
export type ProcessResponse = Schemas['ProcessResponse'];
export type NodeResponse = Schemas['NodeResponse'];
export type IngestV2Response = Schemas['IngestV2Response'];
export type MessageStatus = Schemas['MessageStatusResponse'];
export type ContextItemsResponse = Schemas['ContextItemsResponse'];
export type ContextItem = ContextItemsResponse['items'][number];
export type QueryResponse = Schemas['QueryResponse'];
export type ContextView = Schemas['ContextView'];
export type ContextExport = Schemas['ContextExport'];
export type Profile = Schemas['ProfileResponse'];
export type PutProfileResponse = Schemas['PutProfileResponse'];
export type PresetsResponse = Schemas['PresetsResponse'];
export type DiagnosticsResponse = Schemas['DiagnosticsResponse'];
export type Item = Schemas['Item'];
export type ItemsResponse = Schemas['ItemsResponse'];
export type SuppressResponse = Schemas['SuppressResponse'];
export type UnsuppressResponse = Schemas['UnsuppressResponse'];
export type SuppressionsResponse = Schemas['SuppressionsResponse'];
export type PinResponse = Schemas['PinResponse'];
export type FixItemResponse = Schemas['FixItemResponse'];
export type DeleteItemResponse = Schemas['DeleteItemResponse'];
export type LedgerResponse = Schemas['LedgerResponse'];
export type V1Export = Schemas['V1ExportResponse'];
export type EraseResponse = Schemas['EraseResponse'];
export type EraseV2Response = Schemas['EraseV2Response'];

type ViewEntity = ContextView['domains'][number]['entities'][number];
type ExportEntity = ContextExport['domains'][number]['entities'][number];
/** Either form of GET /context/{user_id}: a view (facets as sentences) or an export (facets as objects, interests). */
export interface PersonContext {
  domains: Array<{
    name: string;
    entities: Array<
      Omit<ViewEntity, 'facets'> & {
        facets: Array<ViewEntity['facets'][number] | ExportEntity['facets'][number]>;
        interests?: ExportEntity['interests'];
      }
    >;
  }>;
  total_entities: number;
  total_domains: number;
}

export class V1Client {
  private readonly http: HttpCore;

  /**
   * `baseUrl` is the service's origin (http://127.0.0.1:8080) or the v1 base under it (…/api/v1); it defaults to
   * the local service.
   */
  constructor(opts: Omit<ClientOptions, 'baseUrl'> & { baseUrl?: string }) {
    this.http = new HttpCore({ ...opts, baseUrl: routeSetBase(opts.baseUrl ?? DEFAULT_ORIGIN, V1_PATH) });
  }

  /**
   * Starts a 30-day trial (no key needed) on the service at `opts.baseUrl` (as for the constructor, default the
   * local service). The answer holds the tenant's api_key, shown this once.
   */
  static signup(input: RequestBody<'signup'>, opts: Omit<ClientOptions, 'baseUrl' | 'apiKey'> & { baseUrl?: string } = {}): Promise<SignupResponse> {
    const http = new HttpCore({ ...opts, apiKey: '', baseUrl: routeSetBase(opts.baseUrl ?? DEFAULT_ORIGIN, V1_PATH) });
    return http.request<SignupResponse>('POST', '/trial/signup', { body: input });
  }

  // --- the loop: context before the model answers, the turn after ---
  /** Plain context items for this message, best first, within the budget. */
  contextItems(input: RequestBody<'contextItems'>) {
    return this.http.request<ContextItemsResponse>('POST', '/context/items', { body: input });
  }

  /** A framed context block (assert / hedged / hook) and what went into it. */
  query(input: RequestBody<'query'>) {
    return this.http.request<QueryResponse>('POST', '/query', { body: input });
  }

  /**
   * One message of the conversation, stored at once and processed in the background (202). With an idempotency
   * key (a UUID per message), sending it again never stores it twice.
   */
  ingestMessage(input: RequestBody<'ingestMessage'>, opts: { idempotencyKey?: string } = {}) {
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
  ingest(input: RequestBody<'ingest'>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<IngestResponse>('POST', '/ingest', { body: input, headers: keyHeader(opts.idempotencyKey) });
  }

  /**
   * Up to 100 /ingest bodies, each stored or failed on its own. With an idempotency key (a UUID per batch), sending
   * the batch again answers the stored items' node ids without storing them twice, and tries the failed ones again.
   */
  ingestBatch(items: Array<RequestBody<'ingest'>>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<BatchResponse>('POST', '/ingest/batch', { body: { items }, headers: keyHeader(opts.idempotencyKey) });
  }

  /** Scores content without storing it. */
  score(input: RequestBody<'score'>) {
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
  putProfile(input: RequestBody<'putProfile'>) {
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
  suppress(input: RequestBody<'suppress'>) {
    return this.http.request<SuppressResponse>('POST', '/memory/v2/suppress', { body: input });
  }

  unsuppress(input: RequestBody<'suppress'>) {
    return this.http.request<UnsuppressResponse>('DELETE', '/memory/v2/suppress', { body: input });
  }

  suppressions(userId: string) {
    return this.http.request<SuppressionsResponse>('GET', '/memory/v2/suppress', { query: { user_id: userId } });
  }

  pin(input: RequestBody<'pin'>) {
    return this.http.request<PinResponse>('POST', '/memory/v2/pin', { body: input });
  }

  unpin(input: RequestBody<'pin'>) {
    return this.http.request<PinResponse>('DELETE', '/memory/v2/pin', { body: input });
  }

  fixItem(nodeId: string, input: RequestBody<'fixItem'>) {
    return this.http.request<FixItemResponse>('PATCH', `/memory/v2/nodes/${enc(nodeId)}`, { body: input });
  }

  /** Deletes one memory; a ledger record (reason, requester) is written first. */
  deleteItem(nodeId: string, input: RequestBody<'deleteItem'>) {
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

  /** Erases everything held for the person, at once and irreversibly. */
  deleteUser(userId: string) {
    return this.http.request<EraseResponse>('DELETE', `/users/${enc(userId)}`);
  }

  /** The same erase under /memory/v2, also counting relationships. */
  eraseUser(userId: string) {
    return this.http.request<EraseV2Response>('DELETE', `/memory/v2/users/${enc(userId)}`);
  }
}
