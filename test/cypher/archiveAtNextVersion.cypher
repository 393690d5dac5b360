// Archives one memory as a write would: the person's version bumped and the memory stamped with it (rev).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = u.memoryVersion + 1
WITH u
MATCH (m:Memory {id: $id, tenantId: $tenantId, userId: $userId})
SET m.archived = true, m.rev = u.memoryVersion
RETURN m.id AS id
