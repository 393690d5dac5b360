// The benchmark's drain check: a tenant's messages still waiting for the background worker.
MATCH (m:Message)
WHERE m.status IN ['pending', 'processing'] AND m.tenantId = $tenantId
RETURN count(m) AS depth
