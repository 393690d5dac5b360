// Simulates a worker that died holding a claim: its lease expired ten minutes ago.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
SET m.leaseExpiresAt = datetime() - duration({minutes: 10})
RETURN m.status AS status
