// A person's memory version (the retrieval cache keys on it).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN u.memoryVersion AS version
