// What the in-process vector cache must hold for a person: every memory with a vector of this embedder that
// retrieval may return, and when it last changed (a changed stamp means its vector is fetched again).
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.embedding IS NOT NULL AND m.embeddingModel = $embeddingModel AND NOT m:Domain
  AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
RETURN m.id AS id, coalesce(m.updatedAt, m.createdAt).epochMillis AS stamp
