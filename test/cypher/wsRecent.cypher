// Reference for test/integration/workingSet.test.ts: the Cypher channel the in-process working set replaced
// (cypher/queries/retrieval/recent.cypher until session 3), kept to check the working set answers the same.
// The facts most recently relevant to the person.
MATCH (m:Memory:Facet {tenantId: $tenantId, userId: $userId})
WHERE NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY m.lastRelevantAt DESC
LIMIT toInteger($limit)
