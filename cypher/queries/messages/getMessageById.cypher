// A message's processing state and the memories made from it, for the caller that sent it.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
// A message of a person being erased reads as erased: not found, as after the erase.
WHERE NOT EXISTS { MATCH (u:EndUser {tenantId: $tenantId, userId: m.userId}) WHERE u.erasing IS NOT NULL }
RETURN m {.id, .userId, .speaker, .status, .attempts, .lastError, .receivedAt, .processedAt, .eventTime, .factsDiscarded} AS message,
       [(mem:Memory)-[:DERIVED_FROM]->(m) WHERE mem.tenantId = $tenantId | mem.id] AS memoryIds
