// The vectors of some of a person's memories, for the in-process vector cache.
UNWIND $ids AS id
MATCH (m:Memory {id: id, tenantId: $tenantId, userId: $userId})
WHERE m.embeddingModel = $embeddingModel
RETURN m.id AS id, m.embedding AS embedding, coalesce(m.updatedAt, m.createdAt).epochMillis AS stamp
