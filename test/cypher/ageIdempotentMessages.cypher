// Idempotency tests: the messages stored under a key are made older than the key's time.
MATCH (m:Message {tenantId: $tenantId, userId: $userId, idempotencyKey: $key})
WHERE m.seq >= 0
SET m.receivedAt = m.receivedAt - duration({hours: $hours})
RETURN count(m) AS aged
