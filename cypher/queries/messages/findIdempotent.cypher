// The messages a request with this Idempotency-Key stored for this person, in order; `current` is false once the
// key's time is up (the key may then be used again). `answer` is what a synchronous /ingest answered (JSON).
MATCH (m:Message {tenantId: $tenantId, userId: $userId, idempotencyKey: $key})
WHERE m.seq >= 0
RETURN m.id AS id, m.receivedAt AS receivedAt, m.idempotencyHash AS hash, m.seq AS seq, m.idempotencyAnswer AS answer,
       m.receivedAt >= datetime() - duration({hours: $hours}) AS current
ORDER BY m.seq
