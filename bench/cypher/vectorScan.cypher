// The exact per-person scan in Cypher, measured against the global index by scripts/bench-vector.ts. The service
// computes the same exact answer in process (src/retrieval/vectors.ts), which is much faster.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.embedding IS NOT NULL AND m.embeddingModel = $embeddingModel AND NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
ORDER BY score DESC
LIMIT toInteger($limit)
RETURN m.id AS id, score
