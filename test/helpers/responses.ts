// The response schemas the contract tests parse answers with, by name, from the endpoint definitions' modules.
export { HealthResponse, ReadyResponse, SignupResponse, StatsResponse } from '../../src/routes/v1/account.js';
export { BatchResponse, IngestResponse, IngestV2Response, NodeResponse, ProcessResponse, ScoreResponse } from '../../src/routes/v1/ingest.js';
export { MessageStatusResponse } from '../../src/routes/messageBody.js';
export { ContextExport, ContextItemsResponse, ContextView, QueryResponse } from '../../src/routes/v1/retrieval.js';
export { PresetsResponse, ProfileResponse, PutProfileResponse } from '../../src/routes/v1/profile.js';
export { DiagnosticsResponse } from '../../src/routes/v1/diagnostics.js';
export { PinResponse, SuppressResponse, SuppressionsResponse, UnsuppressResponse } from '../../src/routes/controlInput.js';
export { DeleteItemResponse, FixItemResponse, ItemsResponse, LedgerResponse, V1ExportResponse } from '../../src/routes/v1/controls.js';
export { EraseResponse, EraseV2Response } from '../../src/routes/v1/erase.js';
export { RetrieveResponse, TurnResponse, B2cIngestResponse } from '../../src/routes/b2c/conversation.js';
export { B2cExportResponse, DeleteNodeResponse, FixNodeResponse, NodesResponse } from '../../src/routes/b2c/controls.js';
export { DeletionResponse, EraseRequestedResponse } from '../../src/routes/b2c/erase.js';
export { JsonRpcError } from '../../src/routes/responses.js';
