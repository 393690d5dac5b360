// Exact nearest neighbours within one person's memories: no recall is lost to filtering after a global
// index search, and only vectors of the same embedder are compared.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.embedding IS NOT NULL AND m.embeddingModel = $embeddingModel AND NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
ORDER BY score DESC
LIMIT toInteger($limit)
RETURN m.id AS id, score
