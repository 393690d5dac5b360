// Facts about what happened within a date range (temporal questions: "when did…", "last month").
MATCH (m:Memory:Facet {tenantId: $tenantId, userId: $userId})
WHERE m.eventDate IS NOT NULL AND m.eventDate >= date($from) AND m.eventDate <= date($to) AND NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY m.eventDate DESC
LIMIT toInteger($limit)
