// What changed in a person's memory after the version the in-process vector cache holds (src/retrieval/vectors.ts),
// through the revision index (rev, ingest/settleRevision): each changed memory with its vector's stamp, or no stamp
// when retrieval may no longer return it (archived, no vector of this embedder). Also the version of the last
// deletion: past the version held, the cache reads the person whole (retrieval/vectorStamps). The index hint: the
// planner may otherwise pick the owner index and filter, a scan of everything the person has.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN coalesce(u.lastDeletionVersion, 0) AS lastDeletionVersion,
       COLLECT {
         MATCH (m:Memory {tenantId: $tenantId, userId: $userId}) USING INDEX m:Memory(tenantId, userId, rev)
         WHERE m.rev > $since AND NOT m:Domain
         RETURN {id: m.id,
                 stamp: CASE WHEN m.embedding IS NOT NULL AND m.embeddingModel = $embeddingModel AND coalesce(m.kind, '') <> 'self'
                              AND NOT coalesce(m.archived, false) THEN coalesce(m.updatedAt, m.createdAt).epochMillis END}
       } AS changed
