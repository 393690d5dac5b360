// Test clean-up: everything one test tenant created (keys, usage, people, messages, memories).
CALL () { MATCH (:Tenant {id: $tenantId})-[:HAS_KEY]->(k:ApiKey) DETACH DELETE k RETURN count(*) AS keys }
CALL () { MATCH (n) WHERE n.tenantId = $tenantId DETACH DELETE n RETURN count(*) AS owned }
CALL () { MATCH (t:Tenant {id: $tenantId}) DETACH DELETE t RETURN count(*) AS tenants }
RETURN keys + owned + tenants AS deleted
