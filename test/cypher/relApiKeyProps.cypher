// Reliability campaign: what is stored for a tenant's keys (the key itself must never be).
MATCH (:Tenant {id: $tenantId})-[:HAS_KEY]->(k:ApiKey)
RETURN properties(k) AS props
