// The messages stored under this Idempotency-Key anywhere in the tenant, by position: v1 /ingest/batch scopes its
// key to the tenant (its items may name different people). Each with its person, the hash of the item it stored,
// the answer recorded for it (JSON) and whether the key still holds (`current`).
MATCH (m:Message {tenantId: $tenantId, idempotencyKey: $key})
WHERE m.seq >= 0
RETURN m.id AS id, m.receivedAt AS receivedAt, m.userId AS userId, m.seq AS seq, m.idempotencyHash AS hash, m.idempotencyAnswer AS answer,
       m.receivedAt >= datetime() - duration({hours: $hours}) AS current
ORDER BY m.seq
