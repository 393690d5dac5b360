// Fault tests: a tenant's messages by status (the write path's queue and what it finished).
MATCH (m:Message {tenantId: $tenantId})
RETURN m.status AS status, count(*) AS count
ORDER BY status
