// A typed client of the b2c route set (/api/b2c/memory): retrieve before the model answers, the turn after, past
// messages, the person controls and the erase. The key travels as Authorization: Bearer. Request and answer types
// are generated from the service's OpenAPI document (openapi.ts).
import { DEFAULT_ORIGIN, HttpCore, keyHeader, routeSetBase, type ClientOptions } from './http.js';
import type { RequestBody, Schemas } from './types.js';
import type { Page } from './v1.js';

const enc = encodeURIComponent;

const B2C_PATH = '/api/b2c/memory';
export const DEFAULT_B2C_BASE_URL = DEFAULT_ORIGIN + B2C_PATH;

export type RetrieveResponse = Schemas['RetrieveResponse'];
export type TurnResponse = Schemas['TurnResponse'];
export type B2cIngestResponse = Schemas['B2cIngestResponse'];
export type B2cMessageStatus = Schemas['MessageStatusResponse'];
export type B2cNode = Schemas['B2cNode'];
export type NodesResponse = Schemas['NodesResponse'];
export type B2cSuppressResponse = Schemas['SuppressResponse'];
export type B2cUnsuppressResponse = Schemas['UnsuppressResponse'];
export type B2cSuppressionsResponse = Schemas['SuppressionsResponse'];
export type B2cPinResponse = Schemas['PinResponse'];
export type FixNodeResponse = Schemas['FixNodeResponse'];
export type DeleteNodeResponse = Schemas['DeleteNodeResponse'];
export type B2cExport = Schemas['B2cExportResponse'];
export type EraseRequested = Schemas['EraseRequestedResponse'];
export type Deletion = Schemas['DeletionResponse'];

export class B2cClient {
  private readonly http: HttpCore;

  /**
   * `baseUrl` is the service's origin (http://127.0.0.1:8080) or the b2c base under it (…/api/b2c/memory); it
   * defaults to the local service.
   */
  constructor(opts: Omit<ClientOptions, 'baseUrl'> & { baseUrl?: string }) {
    this.http = new HttpCore({ ...opts, baseUrl: routeSetBase(opts.baseUrl ?? DEFAULT_ORIGIN, B2C_PATH) }, 'bearer');
  }

  // --- the loop ---
  /** One context block for this message: sure items plainly, less-sure ones as things to check. */
  retrieve(input: RequestBody<'b2cRetrieve'>) {
    return this.http.request<RetrieveResponse>('POST', '/retrieve', { body: input });
  }

  /** The turn after the model answered: stored at once (202), processed in the background. */
  turn(input: RequestBody<'b2cTurn'>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<TurnResponse>('POST', '/turn', { body: input, headers: keyHeader(opts.idempotencyKey) });
  }

  /** Past messages (up to 500), each with the time it happened. */
  ingest(input: RequestBody<'b2cIngest'>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<B2cIngestResponse>('POST', '/ingest', { body: input, headers: keyHeader(opts.idempotencyKey) });
  }

  /** Where a message stands; `waitSeconds` (≤ 30) holds the answer until it is processed. */
  message(messageId: string, waitSeconds = 0) {
    return this.http.request<B2cMessageStatus>('GET', `/messages/${enc(messageId)}`, { query: { wait: waitSeconds } });
  }

  // --- person controls ---
  /** A page of the memories held (20 by default), newest first; archived ones left out. */
  nodes(userId: string, page: Page = {}) {
    return this.http.request<NodesResponse>('GET', '/nodes', { query: { user_id: userId, ...page } });
  }

  suppress(input: RequestBody<'b2cSuppress'>) {
    return this.http.request<B2cSuppressResponse>('POST', '/suppress', { body: input });
  }

  unsuppress(input: RequestBody<'b2cSuppress'>) {
    return this.http.request<B2cUnsuppressResponse>('DELETE', '/suppress', { body: input });
  }

  suppressions(userId: string) {
    return this.http.request<B2cSuppressionsResponse>('GET', '/suppress', { query: { user_id: userId } });
  }

  pin(input: RequestBody<'b2cPin'>) {
    return this.http.request<B2cPinResponse>('POST', '/pin', { body: input });
  }

  unpin(input: RequestBody<'b2cPin'>) {
    return this.http.request<B2cPinResponse>('DELETE', '/pin', { body: input });
  }

  fixNode(nodeId: string, input: RequestBody<'b2cFixNode'>) {
    return this.http.request<FixNodeResponse>('PATCH', `/nodes/${enc(nodeId)}`, { body: input });
  }

  /** The memory and its links only; no ledger record. */
  deleteNode(nodeId: string, userId: string) {
    return this.http.request<DeleteNodeResponse>('DELETE', `/nodes/${enc(nodeId)}`, { body: { user_id: userId } });
  }

  /** The person's memories as JSON (archived ones, replaced wordings and messages left out). */
  exportUser(userId: string) {
    return this.http.request<B2cExport>('POST', `/users/${enc(userId)}/export`);
  }

  // --- erase ---
  /** Opens the erase (202) and answers at once with its request id; the work runs in the background. */
  eraseUser(userId: string) {
    return this.http.request<EraseRequested>('DELETE', `/users/${enc(userId)}`);
  }

  /** The deletion record of the latest erase of the person, or of the one with this request id. */
  deletion(userId: string, requestId?: string) {
    return this.http.request<Deletion>('GET', `/users/${enc(userId)}/deletion`, { query: { request_id: requestId } });
  }
}
