// The write path's queue for one tenant: messages by status, and the reasons of failures.
MATCH (m:Message {tenantId: $tenantId})
RETURN m.status AS status, count(*) AS messages, collect(DISTINCT m.lastError)[0..5] AS reasons
ORDER BY status
