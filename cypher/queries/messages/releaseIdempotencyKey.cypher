// A key whose time is up is taken off the messages that carried it, so that a new request may use it.
MATCH (m:Message {tenantId: $tenantId, userId: $userId, idempotencyKey: $key})
WHERE m.seq >= 0 AND m.receivedAt < datetime() - duration({hours: $hours})
REMOVE m.idempotencyKey, m.idempotencyHash, m.idempotencyAnswer
RETURN count(m) AS released
