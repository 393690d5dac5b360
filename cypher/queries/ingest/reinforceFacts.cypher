// A restated fact: more processing history, relevance refreshed, one more source message.
MATCH (msg:Message {id: $messageId, tenantId: $tenantId, userId: $userId})
UNWIND $ids AS id
MATCH (m:Memory {id: id, tenantId: $tenantId, userId: $userId})
SET m.processingCount = m.processingCount + 1, m.lastRelevantAt = datetime(), m.updatedAt = datetime()
MERGE (m)-[:DERIVED_FROM]->(msg)
RETURN m.id AS id
