// A message's processing state and the memories made from it, for the caller that sent it.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
RETURN m {.id, .userId, .speaker, .status, .attempts, .lastError, .receivedAt, .processedAt, .eventTime, .factsDiscarded} AS message,
       [(mem:Memory)-[:DERIVED_FROM]->(m) WHERE mem.tenantId = $tenantId | mem.id] AS memoryIds
