// GET /diagnostics/{user_id}: one person's counts in one pass each (no memory text): memory nodes by kind,
// pinned and archived, relationships among the person's memories, processing history, entities by kind and
// gravity, messages by status, suppressed topics and the retrieval counters recordInjection keeps on the person.
// No row when the person is unknown to this tenant.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CALL (u) {
  OPTIONAL MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
  RETURN count(m) AS memories,
         count(CASE WHEN m:Domain THEN 1 END) AS domains,
         count(CASE WHEN m:Entity THEN 1 END) AS entities,
         count(CASE WHEN m:Facet THEN 1 END) AS facets,
         count(CASE WHEN m:Theme THEN 1 END) AS themes,
         count(CASE WHEN m:Interest THEN 1 END) AS interests,
         count(CASE WHEN m.pinned = true THEN 1 END) AS pinned,
         count(CASE WHEN m.archived = true THEN 1 END) AS archived,
         sum(coalesce(m.processingCount, 0)) AS processingEvents,
         count(CASE WHEN m.processingCount > 0 THEN 1 END) AS everProcessed,
         max(m.lastAccessed) AS lastAccessedAt,
         sum(CASE WHEN m IS NULL THEN 0
             ELSE COUNT { (m)-[]->(o:Memory) WHERE o.tenantId = $tenantId AND o.userId = $userId } END) AS relationships
}
CALL (u) {
  MATCH (e:Memory:Entity {tenantId: $tenantId, userId: $userId})
  WITH coalesce(e.kind, 'other') AS kind, count(*) AS n, count(CASE WHEN e.gravity >= $highGravity THEN 1 END) AS high
  // Aggregating without a grouping key always yields one row, also for a person without entities.
  RETURN collect({kind: kind, n: n}) AS entityKinds, sum(high) AS highGravity
}
CALL (u) {
  OPTIONAL MATCH (msg:Message {tenantId: $tenantId, userId: $userId})
  RETURN count(msg) AS messages,
         count(CASE WHEN msg.status = 'pending' THEN 1 END) AS pending,
         count(CASE WHEN msg.status = 'processing' THEN 1 END) AS processing,
         count(CASE WHEN msg.status = 'done' THEN 1 END) AS done,
         count(CASE WHEN msg.status = 'failed' THEN 1 END) AS failed
}
RETURN memories, domains, entities, facets, themes, interests, pinned, archived, relationships,
       processingEvents, everProcessed, lastAccessedAt, entityKinds, coalesce(highGravity, 0) AS highGravity,
       messages, pending, processing, done, failed,
       COUNT { (u)-[:SUPPRESSES]->(s:Suppression) WHERE s.tenantId = $tenantId } AS suppressed,
       coalesce(u.retrievals, 0) AS retrievals, u.lastRetrievedAt AS lastRetrievedAt,
       size(coalesce(u.injected, [])) AS lastInjected
