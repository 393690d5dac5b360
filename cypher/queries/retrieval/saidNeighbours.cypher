// The context of what the question matched: for each matched message (best first), the person's message said just
// after it and the one just before (V0009's index, in eventTime order), and the memories derived from those. An
// answer follows its question in other words ("How are the kids after the accident?" / "They were scared but
// we reassured them"). Each memory takes the rank of the best message it neighbours.
UNWIND range(0, size($messageIds) - 1) AS rank
MATCH (hit:Message {id: $messageIds[rank], tenantId: $tenantId, userId: $userId})
CALL (hit) {
  MATCH (n:Message {tenantId: $tenantId, userId: $userId})
  WHERE n.eventTime > hit.eventTime
  RETURN n ORDER BY n.eventTime ASC LIMIT 1
  UNION
  MATCH (n:Message {tenantId: $tenantId, userId: $userId})
  WHERE n.eventTime < hit.eventTime
  RETURN n ORDER BY n.eventTime DESC LIMIT 1
}
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})-[:DERIVED_FROM]->(n)
WHERE NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
WITH m, min(rank) AS rank
RETURN m.id AS id
ORDER BY rank
LIMIT toInteger($limit)
