// The authentication lookup: one index seek on ApiKey.hash.
MATCH (t:Tenant)-[:HAS_KEY]->(k:ApiKey {hash: $hash})
RETURN k.id AS keyId, k.revokedAt IS NOT NULL AS revoked,
       t {.id, .routeSet, .tier, .status, .trialEnds, .maxUsers, .maxNodesPerUser, .rateLimitRpm, .rateLimitDaily} AS tenant
