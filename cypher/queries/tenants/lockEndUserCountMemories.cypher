// Writing to the end user takes its lock, so concurrent writers of new memories for one person count one at a time.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoriesCheckedAt = datetime()
WITH u
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
RETURN count(m) AS memories
