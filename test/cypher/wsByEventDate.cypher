// Reference for test/integration/workingSet.test.ts: the Cypher channel the in-process working set replaced
// (cypher/queries/retrieval/byEventDate.cypher until session 3), kept to check the working set answers the same.
// Facts about what happened within a date range (temporal questions: "when did…", "last month").
MATCH (m:Memory:Facet {tenantId: $tenantId, userId: $userId})
WHERE m.eventDate IS NOT NULL AND m.eventDate >= date($from) AND m.eventDate <= date($to) AND NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY m.eventDate DESC
LIMIT toInteger($limit)
