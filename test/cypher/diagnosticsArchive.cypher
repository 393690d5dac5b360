// Test-only: archives one memory (no route sets `archived` yet).
MATCH (m:Memory {id: $id, tenantId: $tenantId})
SET m.archived = true
RETURN m.id AS id
