MATCH (t:Tenant)-[:HAS_KEY]->(k:ApiKey {id: $keyId})
SET k.revokedAt = coalesce(k.revokedAt, datetime())
RETURN k.id AS keyId, t.id AS tenantId, k.revokedAt AS revokedAt
