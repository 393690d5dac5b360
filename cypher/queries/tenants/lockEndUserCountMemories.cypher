// Writing to the end user takes its lock, so concurrent writers of new memories for one person count one at a time.
// The version bump is that write (it also tells that the person holds memories: person/getPersonById).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
WITH u
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
RETURN count(m) AS memories
