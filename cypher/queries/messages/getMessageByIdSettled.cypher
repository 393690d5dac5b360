// The same answer as getMessage, read under the message's write lock. Neo4j applies a committed transaction's
// records one by one and readers take no locks, so a plain read racing the worker's commit can see the status
// before the memories; the worker's transaction holds this lock until all of it is applied.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
// A message of a person being erased reads as erased: not found, as after the erase.
WHERE NOT EXISTS { MATCH (u:EndUser {tenantId: $tenantId, userId: m.userId}) WHERE u.erasing IS NOT NULL }
SET m.observedAt = datetime()
RETURN m {.id, .userId, .speaker, .status, .attempts, .lastError, .receivedAt, .processedAt, .eventTime, .factsDiscarded} AS message,
       [(mem:Memory)-[:DERIVED_FROM]->(m) WHERE mem.tenantId = $tenantId | mem.id] AS memoryIds
