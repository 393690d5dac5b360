// A tenant's stored profile nodes (there is at most one) and the type maxTokens is stored as.
MATCH (t:Tenant {id: $tenantId})
OPTIONAL MATCH (t)-[:HAS_PROFILE]->(p:Profile)
RETURN count(p) AS profiles, collect(p.preset) AS presets, collect(valueType(p.maxTokens)) AS maxTokensTypes,
       COUNT { MATCH (q:Profile {tenantId: $tenantId}) } AS byTenantId
