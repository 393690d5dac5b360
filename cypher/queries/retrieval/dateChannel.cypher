// The date channel: facts about what happened within the dates a question names (ISO dates, inclusive), latest
// first, read in the order of the (tenantId, userId, eventDate) index (V0016): ordered by all of its fields.
MATCH (m:Facet {tenantId: $tenantId, userId: $userId})
USING INDEX m:Facet(tenantId, userId, eventDate)
WHERE m.eventDate >= date($from) AND m.eventDate <= date($to) AND NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY m.tenantId DESC, m.userId DESC, m.eventDate DESC
LIMIT $limit
