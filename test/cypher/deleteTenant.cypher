// Test clean-up: everything one test tenant created.
MATCH (t:Tenant {id: $tenantId})
OPTIONAL MATCH (t)-[:HAS_KEY]->(k:ApiKey)
OPTIONAL MATCH (u:UsageDay {tenantId: $tenantId})
OPTIONAL MATCH (e:EndUser {tenantId: $tenantId})
DETACH DELETE t, k, u, e
RETURN count(*) AS deleted
