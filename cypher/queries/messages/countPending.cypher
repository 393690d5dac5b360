// cross-tenant: the queue is shared by all tenants.
// Queue depth for the metrics gauge.
MATCH (m:Message)
WHERE m.status IN ['pending', 'processing']
RETURN count(m) AS depth
