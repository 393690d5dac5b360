// Memories that matter whatever the question: pinned ones (memory_pinned), then constraints and, when $identity,
// identity facts (their categories, through memory_search_en; $search names the categories and the owner, built by
// src/retrieval/lucene.ts), each under the first of those it is, most recently relevant first. Central people and
// organisations join the identity channel from the person's entities (personEntities).
CALL () {
  MATCH (m:Memory {tenantId: $tenantId, userId: $userId, pinned: true})
  USING INDEX m:Memory(tenantId, userId, pinned)
  RETURN m
  UNION
  CALL db.index.fulltext.queryNodes('memory_search_en', $search, {limit: $candidates}) YIELD node AS m
  WHERE m.tenantId = $tenantId AND m.userId = $userId
  RETURN m
}
WITH m,
     CASE
       WHEN m.pinned = true THEN 'pinned'
       WHEN 'constraint' IN coalesce(m.categories, []) THEN 'constraint'
       WHEN $identity AND 'identity' IN coalesce(m.categories, []) THEN 'identity'
     END AS channel
WHERE channel IS NOT NULL AND NOT m:Domain AND NOT coalesce(m.archived, false)
RETURN m.id AS id, channel
ORDER BY coalesce(m.lastRelevantAt, m.createdAt) DESC, id
LIMIT $limit
