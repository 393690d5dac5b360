// The embedders of stored vectors other than the current one, with how many memories each holds (index on
// Memory.embeddingModel, V0013); of one tenant, or of all when $tenantId is null.
// cross-tenant: an operator's job after a change of embedder, over every tenant unless $tenantId names one.
MATCH (m:Memory)
WHERE m.embeddingModel IS NOT NULL AND m.embeddingModel <> $embeddingModel AND ($tenantId IS NULL OR m.tenantId = $tenantId)
RETURN m.embeddingModel AS model, count(*) AS vectors
ORDER BY model
