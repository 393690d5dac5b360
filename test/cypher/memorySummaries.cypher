// A person's memories that hold a vector, with their summaries.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.embedding IS NOT NULL
RETURN m.id AS id, m.summary AS summary
