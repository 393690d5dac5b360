// A person's whole organised memory: every entity with the domains it belongs to and what hangs under it.
MATCH (e:Memory:Entity {tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (d:Memory:Domain)-[:HAS_ENTITY]->(e)
WITH e, collect(d.name) AS domains
RETURN e {.id, .name, .kind, .relation, .gravity, .baseScore, .processingCount, .lastRelevantAt, .spike, .spikeAt,
          .decayModifier, .createdAt, .pinned, .archived, .aliases} AS entity,
       domains,
       [(e)-[:HAS_FACET]->(f:Memory) | f {.id, .topic, .summary, .domain, .baseScore, .processingCount, .lastRelevantAt,
          .spike, .spikeAt, .decayModifier, .createdAt, .pinned, .archived}] AS facets,
       [(e)-[:HAS_THEME]->(t:Memory) | t {.id, .topic, .summary, .domain, .baseScore, .processingCount, .lastRelevantAt,
          .spike, .spikeAt, .decayModifier, .createdAt, .pinned, .archived}] AS themes,
       [(e)-[:HAS_INTEREST]->(i:Memory) | i {.id, .topic, .summary, .domain, .stage, .evidence, .baseScore, .processingCount,
          .lastRelevantAt, .spike, .spikeAt, .decayModifier, .createdAt, .pinned, .archived}] AS interests
