// The cheap check on the write path: the id of the erase open for this person, if any.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN u.erasing AS erasing
