// First step of every erase transaction: takes the person's write lock (the version bump also kills cached
// retrievals; lastDeletionVersion makes the in-process caches read the person whole) and says whether an erase is
// already open. Read after the lock, so two requests cannot both open one.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
SET u.lastDeletionVersion = u.memoryVersion
RETURN u.erasing AS erasing
