// Path and query parameters, and constants, shared by the route table.
import { z } from 'zod';
import { IdParam } from '../../routes/admin.js';
import { RequestId } from '../../routes/b2c/erase.js';
import { UserId, WaitSeconds } from '../../routes/schemas.js';

// --- path parameters ---
export const NodeParam = z.object({ node_id: z.string().describe('A node id (UUID). Anything else, and ids of another person or tenant, are answered 404.') });
export const MessageParam = z.object({ message_id: z.string().describe('A message id (UUID) from an ingest answer; anything else is 404.') });
export const UserParam = z.object({ user_id: UserId });
export const AdminKeyParam = z.object({ key_id: IdParam });
export const TenantParam = z.object({ tenant_id: IdParam });
// The message-status query: ?wait=N seconds (the very field schema the handler parses `wait` with).
export const WaitQuery = z.object({ wait: WaitSeconds });
// GET /users/{id}/deletion: ?request_id (optional; a malformed id is answered 404 like an unknown one).
export const DeletionQuery = z.object({ request_id: RequestId.optional() });

// MCP: the one JSON-RPC message the endpoints check before a transport sees it.
export { JsonRpcMessage as JsonRpcRequest } from '../../routes/mcp.js';
export const SessionQuery = z.object({ sessionId: z.string().describe('The session id named by the `endpoint` event of GET /mcp/sse.') });

export const V1 = '/api/v1';
export const B2C = '/api/b2c/memory';

export const ERASING_409 = 'The person is being erased (code ERASE_IN_PROGRESS); nothing was changed. Try again when the erase has finished.';
export const NODE_404 = 'No such memory for this person and tenant (unknown ids, malformed ids and ids of another person or tenant alike).';
