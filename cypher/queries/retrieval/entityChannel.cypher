// The entity channel: what hangs under the entities a question names (weight 1) and what relates to them (0.8),
// best weight first, then most recently relevant.
UNWIND $entityIds AS entityId
MATCH (e:Memory:Entity {id: entityId})
USING INDEX e:Memory(id)
WHERE e.tenantId = $tenantId AND e.userId = $userId
CALL (e) {
  MATCH (e)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m:Memory)
  RETURN m, 1.0 AS weight
  UNION
  MATCH (m:Memory)-[:RELATES_TO]->(e)
  RETURN m, 0.8 AS weight
}
WITH m, max(weight) AS weight
WHERE m.tenantId = $tenantId AND m.userId = $userId AND NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY weight DESC, coalesce(m.lastRelevantAt, m.createdAt) DESC, id
LIMIT $limit
