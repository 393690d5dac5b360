// Some of a person's memories in full, as ranking, framing and rendering read them, for the in-process working
// set: the fields, the owning entity's id, the ids of the entities it relates to and of the memories that
// contradict it, and (for all but entities) the messages it was derived from. Archived memories are included
// (marked); the channels leave them out.
UNWIND $ids AS id
MATCH (m:Memory {id: id, tenantId: $tenantId, userId: $userId})
WHERE NOT m:Domain
OPTIONAL MATCH (owner:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
WITH m, head(collect(owner.id)) AS ownerId
RETURN m {.id, .topic, .summary, .broader, .baseScore, .processingCount, .lastRelevantAt, .spike, .spikeAt, .decayModifier,
          .pinned, .categories, .domain, .createdAt, .eventTime, .name, .kind, .relation, .aliases, .gravity, .stage,
          eventDate: toString(m.eventDate), datePrecision: m.datePrecision, archived: coalesce(m.archived, false)} AS memory,
       [l IN labels(m) WHERE l IN ['Entity', 'Facet', 'Theme', 'Interest']][0] AS nodeKind,
       ownerId,
       [(m)-[:RELATES_TO]->(o:Entity) | o.id] AS relatedIds,
       [(m)-[:CONTRADICTS]-(c:Memory) WHERE c.tenantId = $tenantId | c.id] AS contradicts,
       CASE WHEN m:Entity THEN [] ELSE [(m)-[:DERIVED_FROM]->(s:Message) WHERE s.tenantId = $tenantId | s.id] END AS sourceIds
