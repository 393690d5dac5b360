// Archives one memory as a scheduled job does: no version bump, no revision.
MATCH (m:Memory {id: $id, tenantId: $tenantId, userId: $userId})
SET m.archived = true
RETURN m.id AS id
