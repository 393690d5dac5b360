// Bench seed (scripts/bench/seed.ts): end users as tenants/createEndUser.cypher makes them, served by the tenant;
// memoryVersion starts at the creation time in ms and was bumped once per write.
MATCH (t:Tenant {id: $tenantId})
UNWIND $rows AS p
CREATE (u:EndUser {tenantId: $tenantId, userId: p.userId, createdAt: datetime(p.createdAt), memoryVersion: p.memoryVersion})
CREATE (t)-[:SERVES]->(u)
RETURN count(u) AS created
