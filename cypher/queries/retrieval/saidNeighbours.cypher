// The context of what the question matched: for each matched message (best first), the person's message said just
// after it and the one just before (V0009's index, in eventTime order), and the memories derived from those. An
// answer follows its question in other words ("How are the kids after the accident?" / "They were scared but
// we reassured them"). Only within $withinMinutes of the matched message: a message days later is another
// conversation. Each memory takes the rank of the best message it neighbours. The ORDER BY names all three
// properties of the index so that the planner reads it in order and stops at the first row (ordered by eventTime
// alone it read every message of the window, then sorted: 7,200 rows instead of 20 for 20 matches); the hint keeps
// it off the other indexes starting with tenantId and userId (V0007's), which it chose on some statistics.
UNWIND range(0, size($messageIds) - 1) AS rank
MATCH (hit:Message {id: $messageIds[rank], tenantId: $tenantId, userId: $userId})
CALL (hit) {
  MATCH (n:Message {tenantId: $tenantId, userId: $userId})
  USING INDEX n:Message(tenantId, userId, eventTime)
  WHERE n.eventTime > hit.eventTime AND n.eventTime <= hit.eventTime + duration({minutes: $withinMinutes})
  RETURN n ORDER BY n.tenantId ASC, n.userId ASC, n.eventTime ASC LIMIT 1
  UNION
  MATCH (n:Message {tenantId: $tenantId, userId: $userId})
  USING INDEX n:Message(tenantId, userId, eventTime)
  WHERE n.eventTime < hit.eventTime AND n.eventTime >= hit.eventTime - duration({minutes: $withinMinutes})
  RETURN n ORDER BY n.tenantId DESC, n.userId DESC, n.eventTime DESC LIMIT 1
}
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})-[:DERIVED_FROM]->(n)
WHERE NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
WITH m, min(rank) AS rank
RETURN m.id AS id
ORDER BY rank
LIMIT toInteger($limit)
