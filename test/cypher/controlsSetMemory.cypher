// Sets what the API has no door for: archived (set by the lifecycle), and a base score for framing tests.
MATCH (m:Memory {id: $id, tenantId: $tenantId})
SET m.archived = coalesce($archived, m.archived), m.baseScore = coalesce($baseScore, m.baseScore),
    m.categories = coalesce($categories, m.categories)
RETURN m.id AS id
