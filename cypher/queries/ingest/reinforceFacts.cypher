// A restated fact: more processing history, relevance refreshed, one more source message, and the standing its
// restatement has when it has one (a diet said to be over and then kept again stands again: endStates.cypher). One
// row per restatement in a batch of messages (a fact restated twice counts twice).
UNWIND $restated AS row
MATCH (msg:Message {id: row.messageId, tenantId: $tenantId, userId: $userId})
MATCH (m:Memory {id: row.id, tenantId: $tenantId, userId: $userId})
SET m.processingCount = m.processingCount + 1, m.lastRelevantAt = datetime(), m.updatedAt = datetime(),
    m.standing = coalesce(row.standing, m.standing)
MERGE (m)-[:DERIVED_FROM]->(msg)
RETURN m.id AS id
