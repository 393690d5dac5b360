// The facts most recently relevant to the person.
MATCH (m:Memory:Facet {tenantId: $tenantId, userId: $userId})
WHERE NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY m.lastRelevantAt DESC
LIMIT toInteger($limit)
