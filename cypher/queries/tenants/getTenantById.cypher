MATCH (t:Tenant {id: $tenantId})
OPTIONAL MATCH (t)-[:HAS_KEY]->(k:ApiKey)
WITH t, k ORDER BY k.createdAt
RETURN t {.id, .name, .routeSet, .tier, .status, .createdAt, .trialEnds, .maxUsers, .maxNodesPerUser, .rateLimitRpm, .rateLimitDaily} AS tenant,
       [x IN collect(k) | x {.id, .prefix, .label, .createdAt, .revokedAt}] AS keys
