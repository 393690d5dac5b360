// A page of everything held for a person (v1 /memory/v2/items, b2c /nodes, both exports), newest first.
// Keyset paging on (createdAt, id): a page stays right while new memories arrive. Replaced wordings are
// Revision nodes, not memories, so they never appear here. $includeArchived: the v1 list and export mark
// archived memories; the b2c list and export leave them out. $nodeId (else null) reads one memory in the same shape.
// A person being erased reads as erased: nothing, as for a person never seen (still one row, total 0).
OPTIONAL MATCH (owner:EndUser {tenantId: $tenantId, userId: $userId})
WITH owner.erasing IS NOT NULL AS erasing
CALL (erasing) {
  MATCH (x:Memory {tenantId: $tenantId, userId: $userId})
  WHERE NOT erasing AND ($includeArchived OR NOT coalesce(x.archived, false)) AND ($nodeId IS NULL OR x.id = $nodeId)
  RETURN count(x) AS total
}
OPTIONAL MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE NOT erasing AND ($includeArchived OR NOT coalesce(m.archived, false)) AND ($nodeId IS NULL OR m.id = $nodeId)
  AND ($afterCreatedAt IS NULL OR m.createdAt < datetime($afterCreatedAt)
       OR (m.createdAt = datetime($afterCreatedAt) AND m.id < $afterId))
WITH total, m ORDER BY m.createdAt DESC, m.id DESC LIMIT toInteger($fetch)
RETURN total,
       collect(m {.id, .topic, .summary, .name, .kind, .domain, .stage, .baseScore, .processingCount, .lastRelevantAt,
                  .spike, .spikeAt, .decayModifier, .createdAt, .updatedAt, .pinned, .archived, .state,
                  type: [l IN labels(m) WHERE l IN ['Domain', 'Entity', 'Facet', 'Theme', 'Interest']][0],
                  entity: [(o:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m) | o.name][0],
                  entityKind: [(o:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m) | o.kind][0],
                  entityDomain: [(d:Memory:Domain)-[:HAS_ENTITY]->(m) | d.name][0],
                  revisions: COUNT { (m)-[:REPLACED_WORDING]->(:Revision) }}) AS memories
