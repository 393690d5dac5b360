MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN u.userId AS userId
