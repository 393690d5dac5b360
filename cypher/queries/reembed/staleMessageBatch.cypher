// A batch of messages whose vector one old embedder made, with their words and speaker's name (the write path
// embeds them as src/ingest/plan.ts saidText does).
// cross-tenant: an operator's job after a change of embedder, over every tenant unless $tenantId names one.
MATCH (n:Message {embeddingModel: $from})
WHERE n.embedding IS NOT NULL AND ($tenantId IS NULL OR n.tenantId = $tenantId)
RETURN n.id AS id, n.tenantId AS tenantId, coalesce(n.text, '') AS text, n.speakerName AS speakerName
LIMIT toInteger($limit)
