// Reference for test/integration/workingSet.test.ts: the Cypher channel the in-process working set replaced
// (cypher/queries/retrieval/standing.cypher until session 3), kept to check the working set answers the same.
// Memories that matter whatever the question: pinned ones, constraints (allergies, "never", boundaries),
// identity facts, and the most central people and organisations. One pass over the person's memories: the
// channel is decided per memory (an OR of the four conditions would be planned as four scans).
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WITH m, coalesce(m.categories, []) AS categories
WITH m, CASE
    WHEN coalesce(m.archived, false) OR m:Domain THEN null
    WHEN m.pinned = true THEN 'pinned'
    WHEN 'constraint' IN categories THEN 'constraint'
    WHEN $includeIdentity AND ('identity' IN categories OR (m:Entity AND m.kind <> 'self' AND m.gravity >= $identityGravity)) THEN 'identity'
  END AS channel
WHERE channel IS NOT NULL
RETURN m.id AS id, channel
LIMIT toInteger($limit)
