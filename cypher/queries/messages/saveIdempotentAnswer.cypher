// A synchronous /ingest stored under an Idempotency-Key keeps its answer (JSON) on its message, in the same
// transaction, so that a retry answers the same.
MATCH (m:Message {tenantId: $tenantId, id: $messageId})
SET m.idempotencyAnswer = $answer
RETURN count(m) AS recorded
