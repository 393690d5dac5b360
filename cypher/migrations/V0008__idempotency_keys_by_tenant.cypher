// V0008: v1 /ingest/batch scopes its Idempotency-Key to the tenant (its items may name different people), so a
// retry looks the key up without a person: an index on tenant and key. Plain Cypher, idempotent (IF NOT EXISTS).
// Never edit this file once landed: add V0009 instead. Messages without a key are not indexed.
CREATE INDEX message_idempotency_tenant IF NOT EXISTS FOR (m:Message) ON (m.tenantId, m.idempotencyKey);
