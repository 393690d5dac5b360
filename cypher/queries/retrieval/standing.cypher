// Memories that matter whatever the question: pinned ones, constraints (allergies, "never", boundaries),
// identity facts, and the most central people and organisations.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE NOT coalesce(m.archived, false) AND NOT m:Domain AND (
  m.pinned = true
  OR 'constraint' IN coalesce(m.categories, [])
  OR ($includeIdentity AND 'identity' IN coalesce(m.categories, []))
  OR ($includeIdentity AND m:Entity AND m.kind <> 'self' AND m.gravity >= $identityGravity)
)
RETURN m.id AS id,
       CASE WHEN m.pinned = true THEN 'pinned' WHEN 'constraint' IN coalesce(m.categories, []) THEN 'constraint' ELSE 'identity' END AS channel
LIMIT toInteger($limit)
