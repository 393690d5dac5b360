// V0001: constraints and indexes for the graph model of DESIGN.md.
// Plain Cypher: an operator can run it with cypher-shell after `:param embeddingDimensions => 384`.
// Every statement is idempotent (IF NOT EXISTS). Never edit this file once landed: add V0002 instead.

// Tenants, keys, profiles, usage
CREATE CONSTRAINT tenant_id IF NOT EXISTS FOR (t:Tenant) REQUIRE t.id IS UNIQUE;
CREATE CONSTRAINT tenant_signup_email IF NOT EXISTS FOR (t:Tenant) REQUIRE t.signupEmail IS UNIQUE;
CREATE CONSTRAINT api_key_id IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.id IS UNIQUE;
CREATE CONSTRAINT api_key_hash IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.hash IS UNIQUE;
CREATE CONSTRAINT profile_tenant IF NOT EXISTS FOR (p:Profile) REQUIRE p.tenantId IS UNIQUE;
CREATE CONSTRAINT usage_day_key IF NOT EXISTS FOR (u:UsageDay) REQUIRE (u.keyId, u.day) IS UNIQUE;
CREATE INDEX usage_day_tenant IF NOT EXISTS FOR (u:UsageDay) ON (u.tenantId, u.day);

// End users: the composite (tenantId, userId) key
CREATE CONSTRAINT end_user_key IF NOT EXISTS FOR (u:EndUser) REQUIRE (u.tenantId, u.userId) IS UNIQUE;

// Messages: copies of what was said, the durable queue of the write path
CREATE CONSTRAINT message_id IF NOT EXISTS FOR (m:Message) REQUIRE m.id IS UNIQUE;
CREATE INDEX message_owner IF NOT EXISTS FOR (m:Message) ON (m.tenantId, m.userId);
CREATE INDEX message_status IF NOT EXISTS FOR (m:Message) ON (m.status);

// Memories: domain, entity, facet, theme, interest all carry :Memory
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE;
CREATE INDEX memory_owner IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.userId);
CREATE CONSTRAINT domain_key IF NOT EXISTS FOR (d:Domain) REQUIRE (d.tenantId, d.userId, d.name) IS UNIQUE;
CREATE INDEX entity_owner_name IF NOT EXISTS FOR (e:Entity) ON (e.tenantId, e.userId, e.name);
CREATE FULLTEXT INDEX memory_text IF NOT EXISTS FOR (m:Memory) ON EACH [m.topic, m.summary];
CREATE FULLTEXT INDEX entity_names IF NOT EXISTS FOR (e:Entity) ON EACH [e.name, e.aliasText];
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (m:Memory) ON (m.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $embeddingDimensions, `vector.similarity_function`: 'cosine'}};
CREATE CONSTRAINT revision_id IF NOT EXISTS FOR (r:Revision) REQUIRE r.id IS UNIQUE;
CREATE INDEX suppression_owner IF NOT EXISTS FOR (s:Suppression) ON (s.tenantId, s.userId);

// Records of deletion: they hold ids, counts and times, never deleted words
CREATE CONSTRAINT ledger_record_id IF NOT EXISTS FOR (r:LedgerRecord) REQUIRE r.id IS UNIQUE;
CREATE INDEX ledger_record_owner IF NOT EXISTS FOR (r:LedgerRecord) ON (r.tenantId, r.userId);
CREATE CONSTRAINT audit_event_id IF NOT EXISTS FOR (a:AuditEvent) REQUIRE a.id IS UNIQUE;
CREATE INDEX audit_event_tenant IF NOT EXISTS FOR (a:AuditEvent) ON (a.tenantId, a.at);
CREATE CONSTRAINT deletion_record_id IF NOT EXISTS FOR (d:DeletionRecord) REQUIRE d.id IS UNIQUE;
CREATE INDEX deletion_record_owner IF NOT EXISTS FOR (d:DeletionRecord) ON (d.tenantId, d.userId);
