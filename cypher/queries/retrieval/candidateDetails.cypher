// The fused candidates in full, in the order given, as ranking, framing and rendering read them: the fields, the
// entity that owns each (its name and aliases for suppression, its gravity for ranking), the names of the entities
// it relates to, the memories that contradict it, and the messages it came from. Archived ones are left out.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
USING INDEX m:Memory(id)
WHERE m.tenantId = $tenantId AND m.userId = $userId AND NOT m:Domain AND NOT coalesce(m.archived, false)
OPTIONAL MATCH (owner:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
WITH m, head(collect(owner)) AS owner
RETURN m {.id, .topic, .summary, .name, .kind, .relation, .aliases, .gravity, .baseScore, .processingCount,
          .lastRelevantAt, .createdAt, .eventTime, .spike, .spikeAt, .decayModifier, .pinned, .categories, .domain,
          eventDate: toString(m.eventDate)} AS memory,
       [l IN labels(m) WHERE l IN ['Entity', 'Facet', 'Theme', 'Interest']][0] AS nodeKind,
       CASE WHEN owner IS NULL THEN null
            ELSE owner {.id, .name, .kind, .relation, .aliases, gravity: coalesce(owner.gravity, 0.0)} END AS owner,
       [(m)-[:RELATES_TO]->(o:Entity) | o.name] AS related,
       [(m)-[:CONTRADICTS]-(c:Memory) WHERE c.tenantId = $tenantId | c.id] AS contradicts,
       CASE WHEN m:Entity THEN [] ELSE [(m)-[:DERIVED_FROM]->(s:Message) WHERE s.tenantId = $tenantId | s.id] END AS sources
