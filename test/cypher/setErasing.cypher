// Marks a person as being erased (or not, with null), as an open b2c erase does.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.erasing = $requestId
RETURN u.userId AS userId
