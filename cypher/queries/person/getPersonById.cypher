// What the write and read paths need to know about a person first: their entities (for alias matching, gravity,
// and retrieval's entity and identity channels: archived ones too, since a name still names them), how many facts
// each has, the topics they asked to leave alone, the version of their memory (bumped by every write), what was
// last put in a model's context, and whether an erase of the person is open.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CALL (u) {
  // Through the entities' own index: planned without the hint, it read every memory of the person.
  MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
  USING INDEX e:Entity(tenantId, userId, name)
  WHERE e.name IS NOT NULL
  RETURN collect(e {.id, .name, .kind, .relation, .aliases, .gravity, archived: coalesce(e.archived, false),
                    relevantAt: toString(coalesce(e.lastRelevantAt, e.createdAt)), facets: COUNT { (e)-[:HAS_FACET]->() }}) AS entities
}
CALL (u) {
  OPTIONAL MATCH (u)-[:SUPPRESSES]->(s:Suppression)
  RETURN collect(s.topic) AS suppressed
}
RETURN entities, suppressed, coalesce(u.memoryVersion, 0) AS version, coalesce(u.injected, []) AS injected,
       u.erasing IS NOT NULL AS erasing
