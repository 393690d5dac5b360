// V0004: keys for the person controls (src/controls): suppressions, revisions, erasure records.
// Plain Cypher, idempotent (IF NOT EXISTS). Never edit this file once landed: add V0005 instead.

// One suppression per person and topic (topicKey is the lower-cased, trimmed topic).
CREATE CONSTRAINT suppression_key IF NOT EXISTS FOR (s:Suppression) REQUIRE (s.tenantId, s.userId, s.topicKey) IS UNIQUE;
// Replaced wordings are found per person (export, erase).
CREATE INDEX revision_owner IF NOT EXISTS FOR (r:Revision) ON (r.tenantId, r.userId);
// The background eraser finds unfinished b2c erases after a restart.
CREATE INDEX deletion_record_status IF NOT EXISTS FOR (d:DeletionRecord) ON (d.status);
// Audit events are read per person too (an operator asks "what was deleted for this user?").
CREATE INDEX audit_event_owner IF NOT EXISTS FOR (a:AuditEvent) ON (a.tenantId, a.userId);
