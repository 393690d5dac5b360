MATCH (t:Tenant {id: $tenantId})
CREATE (t)-[:HAS_KEY]->(k:ApiKey {id: $key.id, hash: $key.hash, prefix: $key.prefix, label: $key.label, createdAt: datetime()})
RETURN t.id AS tenantId, k.id AS keyId, toString(k.createdAt) AS createdAt
