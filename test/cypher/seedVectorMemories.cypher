// Memories with given vectors, for the native vector index test: the person's own, and near decoys of another
// person, tenant or embedder, or that retrieval never shows (a domain, the self memory, archived ones).
UNWIND $rows AS r
CREATE (m:Memory {id: r.id, tenantId: r.tenantId, userId: r.userId, embeddingModel: r.embeddingModel,
                  embedding: r.embedding, kind: r.kind, archived: r.archived, summary: r.id})
FOREACH (_ IN CASE WHEN r.domain THEN [1] ELSE [] END | SET m:Domain)
// The self memory is an entity, as the write path creates it (saveNewEntities).
FOREACH (_ IN CASE WHEN r.kind IS NOT NULL THEN [1] ELSE [] END | SET m:Entity)
RETURN count(m) AS created
