// A typed client of the b2c route set (/api/b2c/memory): retrieve before the model answers, the turn after, past
// messages, the person controls and the erase. The key travels as Authorization: Bearer. Request types come from
// the zod schemas the routes validate with, response types from the contract schemas (type-only imports).
import type { z } from 'zod';
import type * as C from '../contract/responses.js';
import type { B2cIngestRequest, RetrieveRequest, TurnRequest } from '../routes/b2c/conversation.js';
import type { FixNodeRequest } from '../routes/b2c/controls.js';
import type { PinRequest, SuppressRequest } from '../routes/controlInput.js';
import { HttpCore, keyHeader, type ClientOptions } from './http.js';
import type { Page } from './v1.js';

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;
const enc = encodeURIComponent;

export const DEFAULT_B2C_BASE_URL = 'http://127.0.0.1:8080/api/b2c/memory';

export type RetrieveResponse = Out<typeof C.RetrieveResponse>;
export type TurnResponse = Out<typeof C.TurnResponse>;
export type B2cIngestResponse = Out<typeof C.B2cIngestResponse>;
export type B2cMessageStatus = Out<typeof C.MessageStatusResponse>;
export type B2cNode = Out<typeof C.B2cNode>;
export type NodesResponse = Out<typeof C.NodesResponse>;
export type B2cSuppressResponse = Out<typeof C.SuppressResponse>;
export type B2cUnsuppressResponse = Out<typeof C.UnsuppressResponse>;
export type B2cSuppressionsResponse = Out<typeof C.SuppressionsResponse>;
export type B2cPinResponse = Out<typeof C.PinResponse>;
export type FixNodeResponse = Out<typeof C.FixNodeResponse>;
export type DeleteNodeResponse = Out<typeof C.DeleteNodeResponse>;
export type B2cExport = Out<typeof C.B2cExportResponse>;
export type EraseRequested = Out<typeof C.EraseRequestedResponse>;
export type Deletion = Out<typeof C.DeletionResponse>;

export class B2cClient {
  private readonly http: HttpCore;

  /** `baseUrl` defaults to the local service's b2c base, http://127.0.0.1:8080/api/b2c/memory. */
  constructor(opts: Omit<ClientOptions, 'baseUrl'> & { baseUrl?: string }) {
    this.http = new HttpCore({ ...opts, baseUrl: opts.baseUrl ?? DEFAULT_B2C_BASE_URL }, 'bearer');
  }

  // --- the loop (spec 1.2) ---
  /** One context block for this message: sure items plainly, less-sure ones as things to check. */
  retrieve(input: In<typeof RetrieveRequest>) {
    return this.http.request<RetrieveResponse>('POST', '/retrieve', { body: input });
  }

  /** The turn after the model answered: stored at once (202), processed in the background. */
  turn(input: In<typeof TurnRequest>, opts: { idempotencyKey?: string } = {}) {
    return this.http.request<TurnResponse>('POST', '/turn', { body: input, headers: keyHeader(opts.idempotencyKey) });
  }

  /** Past messages (up to 500), each with the time it happened. */
  ingest(input: In<typeof B2cIngestRequest>, opts: { idempotencyKey?: string } = {}) {
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

  suppress(input: In<typeof SuppressRequest>) {
    return this.http.request<B2cSuppressResponse>('POST', '/suppress', { body: input });
  }

  unsuppress(input: In<typeof SuppressRequest>) {
    return this.http.request<B2cUnsuppressResponse>('DELETE', '/suppress', { body: input });
  }

  suppressions(userId: string) {
    return this.http.request<B2cSuppressionsResponse>('GET', '/suppress', { query: { user_id: userId } });
  }

  pin(input: In<typeof PinRequest>) {
    return this.http.request<B2cPinResponse>('POST', '/pin', { body: input });
  }

  unpin(input: In<typeof PinRequest>) {
    return this.http.request<B2cPinResponse>('DELETE', '/pin', { body: input });
  }

  fixNode(nodeId: string, input: In<typeof FixNodeRequest>) {
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
