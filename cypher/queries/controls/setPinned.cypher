// Pin or unpin one memory of a person (pinned memories stay eligible for context whatever their salience).
// The person's memory version is bumped, as by every write.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
SET m.pinned = $pinned, m.updatedAt = datetime()
WITH m
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
RETURN m.id AS id, m.pinned AS pinned
