// The MCP tools inside the service (/mcp/sse, /mcp/http): the v1 API's operations called in process, for the
// caller the /mcp route's guard authenticated and rate-limited once. Arguments pass the REST routes' own request
// schemas, so a tool refuses exactly what the route would.
import { withNeo4jBudget } from '../graph/budget.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { v1Item } from '../controls/items.js';
import { AppError } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { Services } from '../routes/context.js';
import { listAnswer, nodeIdOf } from '../routes/controlInput.js';
import { messageAnswer } from '../routes/messageBody.js';
import { DeleteItemRequest, ItemsQuery, deleteItemAnswer } from '../routes/v1/controls.js';
import { eraseAnswer } from '../routes/v1/erase.js';
import { IngestV2Request, ingestV2Answer } from '../routes/v1/ingest.js';
import { ContextItemsRequest, QueryRequest, contextItemsAnswer, queryAnswer } from '../routes/v1/retrieval.js';
import type { Principal } from '../tenants/tenants.js';
import type { MemoryApi } from './tools.js';

/** Who a transport's request was authenticated as, handed to the MCP SDK as the request's auth (req.auth). */
export interface McpCaller {
  principal: Principal;
  requestId: string;
}

export function authInfoOf(caller: McpCaller): AuthInfo {
  return { token: caller.principal.keyId, clientId: caller.principal.tenantId, scopes: [], extra: { caller } };
}

function callerOf(auth: AuthInfo | undefined): McpCaller {
  const caller = auth?.extra?.caller as McpCaller | undefined;
  // The /mcp routes always set it: a tool call without it could only come from a transport wired wrongly.
  if (!caller) throw new AppError(500, 'INTERNAL_ERROR', 'The MCP request reached a tool without an authenticated caller.');
  return caller;
}

export function inProcessApi(s: Services, auth: AuthInfo | undefined): MemoryApi {
  const { principal: who, requestId } = callerOf(auth);
  // One tool call may run several operations: each waits for Neo4j as long as it would over HTTP, not their sum.
  const operation =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A) =>
      withNeo4jBudget(() => run(...args));
  return {
    ingestMessage: operation(async (input) => (await ingestV2Answer(s, who, parseWith(IngestV2Request, input, 'body'), requestId)).body),
    message: operation((messageId: string, waitSeconds = 0) => messageAnswer(s, who.tenantId, messageId, waitSeconds)),
    contextItems: operation(async (input) => contextItemsAnswer(s, who, parseWith(ContextItemsRequest, input, 'body'))),
    query: operation(async (input) => queryAnswer(s, who, parseWith(QueryRequest, input, 'body'))),
    items: operation(async (userId: string, page = {}) =>
      listAnswer(s, who, parseWith(ItemsQuery, { user_id: userId, ...page }, 'query'), { includeArchived: true, field: 'items', shape: v1Item }),
    ),
    deleteItem: operation(async (nodeId: string, input) => deleteItemAnswer(s, who, nodeIdOf(nodeId), parseWith(DeleteItemRequest, input, 'body'))),
    deleteUser: operation(async (userId: string) => eraseAnswer(s, who, userId, requestId)),
  };
}
