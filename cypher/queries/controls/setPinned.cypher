// Pin or unpin one memory of a person (pinned memories stay eligible for context whatever their salience).
// The memory-version bump invalidates the person's cached retrieval results; rev makes the in-process caches read
// the memory again.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
SET m.pinned = $pinned, m.updatedAt = datetime()
WITH m
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
SET m.rev = u.memoryVersion
RETURN m.id AS id, m.pinned AS pinned
