// The recency channel: the facts most recently relevant to the person, in the order of the (tenantId, userId,
// lastRelevantAt) index (V0016). It fills in when a question matched little, or when there is no question.
// Ordered by every field of the index and bounded by a typed range, the planner reads the index in its order and
// stops at $limit (ordered by lastRelevantAt alone, or with IS NOT NULL, it read and sorted every fact).
MATCH (m:Facet {tenantId: $tenantId, userId: $userId})
USING INDEX m:Facet(tenantId, userId, lastRelevantAt)
WHERE m.lastRelevantAt > datetime({epochMillis: 0}) AND NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY m.tenantId DESC, m.userId DESC, m.lastRelevantAt DESC
LIMIT $limit
