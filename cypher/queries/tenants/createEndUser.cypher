// A person's memory version starts at the creation time in milliseconds, not at 0: a person erased and created
// again must never reuse a version of their earlier self (the retrieval cache keys on it; every write adds 1).
MATCH (t:Tenant {id: $tenantId})
MERGE (u:EndUser {tenantId: $tenantId, userId: $userId})
ON CREATE SET u.createdAt = datetime(), u.memoryVersion = timestamp()
MERGE (t)-[:SERVES]->(u)
RETURN u.userId AS userId
