// The exact answer, computed by Neo4j: a person's memories by cosine similarity to $vector (the reference the
// in-process vector cache is checked against).
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.embedding IS NOT NULL AND m.embeddingModel = $embeddingModel AND NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
ORDER BY score DESC, m.id
LIMIT toInteger($limit)
RETURN m.id AS id, score
