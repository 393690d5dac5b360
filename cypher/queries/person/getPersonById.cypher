// What the write and read paths need to know about a person first: their entities (for alias matching and
// gravity), how often each was discussed, the topics they asked to leave alone, the version of their memory
// (bumped by every write; the retrieval cache keys on it), what was last put in a model's context, and whether
// an erase of the person is open.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CALL (u) {
  MATCH (e:Memory:Entity {tenantId: $tenantId, userId: $userId})
  RETURN collect(e {.id, .name, .kind, .relation, .aliases, .gravity, facets: COUNT { (e)-[:HAS_FACET]->() }}) AS entities
}
CALL (u) {
  OPTIONAL MATCH (u)-[:SUPPRESSES]->(s:Suppression)
  RETURN collect(s.topic) AS suppressed
}
RETURN entities, suppressed, coalesce(u.memoryVersion, 0) AS version, coalesce(u.injected, []) AS injected,
       u.erasing IS NOT NULL AS erasing
