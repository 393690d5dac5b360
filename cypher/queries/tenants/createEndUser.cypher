MATCH (t:Tenant {id: $tenantId})
MERGE (u:EndUser {tenantId: $tenantId, userId: $userId})
ON CREATE SET u.createdAt = datetime()
MERGE (t)-[:SERVES]->(u)
RETURN u.userId AS userId
