// Simulates a worker that died holding a claim: its claim is made old.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
SET m.claimedAt = datetime() - duration({minutes: 10})
RETURN m.status AS status
