// One memory of this tenant, with its domain and the entities it belongs to or names.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId})
CALL (m) {
  OPTIONAL MATCH (owner:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
  OPTIONAL MATCH (m)-[:RELATES_TO]->(named:Memory:Entity)
  OPTIONAL MATCH (d:Memory:Domain)-[:HAS_ENTITY]->(m)
  RETURN [x IN collect(DISTINCT owner.name) + collect(DISTINCT named.name) WHERE x IS NOT NULL] AS entities,
         collect(DISTINCT d.name)[0] AS entityDomain
}
RETURN m {.id, .userId, .topic, .summary, .baseScore, .processingCount, .createdAt, .lastAccessed,
          .lastRelevantAt, .spike, .spikeAt, .decayModifier, .domain, .name, .stage, .kind, .metadata, .nodeType} AS node,
       [l IN labels(m) WHERE l IN ['Domain', 'Entity', 'Facet', 'Theme', 'Interest']][0] AS nodeKind,
       entities, entityDomain
