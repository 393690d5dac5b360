// Reference for test/integration/workingSet.test.ts: the Cypher channel the in-process working set replaced
// (cypher/queries/retrieval/entityExpansion.cypher until session 3), kept to check the working set answers the same.
// What hangs under the entities a question names (after alias resolution: "my husband" finds Tom's facts) and
// what names them. The entity lines themselves come through the identity channel, for the central ones only.
UNWIND $entityIds AS entityId
MATCH (e:Memory:Entity {id: entityId, tenantId: $tenantId, userId: $userId})
CALL (e) {
  MATCH (e)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m:Memory)
  RETURN m, 1.0 AS weight
  UNION
  MATCH (m:Memory)-[:RELATES_TO]->(e)
  RETURN m, 0.8 AS weight
}
WITH m, max(weight) AS weight
WHERE NOT coalesce(m.archived, false)
RETURN m.id AS id, weight AS score
ORDER BY score DESC, m.lastRelevantAt DESC
LIMIT toInteger($limit)
