// Reference for test/integration/workingSet.test.ts: the Cypher channel the in-process working set replaced
// (cypher/queries/retrieval/hydrate.cypher until session 3), kept to check the working set answers the same.
// The fields ranking, framing and rendering need, for the candidates that survived fusion. Archived memories are
// dropped here too: the in-process vector cache may hold one archived by a job for up to a minute.
UNWIND $ids AS id
MATCH (m:Memory {id: id, tenantId: $tenantId, userId: $userId})
WHERE NOT coalesce(m.archived, false)
OPTIONAL MATCH (owner:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
WITH m, head(collect(owner)) AS owner
RETURN m {.id, .topic, .summary, .baseScore, .processingCount, .lastRelevantAt, .spike, .spikeAt, .decayModifier,
          .pinned, .categories, .domain, .createdAt, .eventTime, .name, .kind, .relation, .aliases, .gravity, .stage,
          eventDate: toString(m.eventDate), datePrecision: m.datePrecision} AS memory,
       [l IN labels(m) WHERE l IN ['Entity', 'Facet', 'Theme', 'Interest']][0] AS nodeKind,
       owner {.id, .name, .kind, .relation, .gravity, .aliases} AS owner,
       [(m)-[:RELATES_TO]->(o:Entity) | o.name] AS related,
       [(m)-[:CONTRADICTS]-(c:Memory) WHERE c.tenantId = $tenantId | c.id] AS contradicts
