// A tenant's messages by status, after the benchmark's ingest runs (failed ones are reported as errors).
MATCH (m:Message {tenantId: $tenantId})
RETURN m.status AS status, count(*) AS messages
ORDER BY status
