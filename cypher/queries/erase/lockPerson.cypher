// First step of every erase transaction: takes the person's write lock (the version bump also kills cached
// retrievals) and says whether an erase is already open. Read after the lock, so two requests cannot both open one.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
RETURN u.erasing AS erasing
