// The embedders of stored message vectors other than the current one, with how many messages each holds (index on
// Message.embeddingModel, V0023); of one tenant, or of all when $tenantId is null.
// cross-tenant: an operator's job after a change of embedder, over every tenant unless $tenantId names one.
MATCH (n:Message)
WHERE n.embeddingModel IS NOT NULL AND n.embeddingModel <> $embeddingModel AND ($tenantId IS NULL OR n.tenantId = $tenantId)
RETURN n.embeddingModel AS model, count(*) AS vectors
ORDER BY model
