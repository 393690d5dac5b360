// What retrieval needs to know about a person before it searches: getPersonById, but only the entities a question
// could name or that join the identity channel, so a person's hundreds of entities are not read for every question.
// Kept: the self entity; central ones (gravity ≥ $centralGravity, not archived); those with a relation in
// $relations (the role words of the question, "my sister", resolve among all of a relation's entities); and those
// whose name or an alias occurs in $question (lower-cased). The analysis then finds in the question exactly the
// entities it would find among all of them (a test checks). $question is compared as data, never parsed.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CALL (u) {
  MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
  USING INDEX e:Entity(tenantId, userId, name)
  WHERE e.name IS NOT NULL
  WITH e, e.kind = 'self'
          OR e.relation IN $relations
          OR (e.gravity >= $centralGravity AND NOT coalesce(e.archived, false))
          OR any(t IN [e.name] + coalesce(e.aliases, []) WHERE size(t) >= 2 AND $question CONTAINS toLower(t)) AS kept
  // collect() leaves out the nulls of the entities not kept.
  RETURN count(e) > 0 AS hasEntities,
         collect(CASE WHEN kept THEN e {.id, .name, .kind, .relation, .aliases, .gravity, archived: coalesce(e.archived, false),
                                        relevantAt: toString(coalesce(e.lastRelevantAt, e.createdAt)),
                                        facets: COUNT { (e)-[:HAS_FACET]->() }} END) AS entities
}
CALL (u) {
  OPTIONAL MATCH (u)-[:SUPPRESSES]->(s:Suppression)
  RETURN collect(s.topic) AS suppressed
}
RETURN entities, suppressed, coalesce(u.memoryVersion, 0) AS version, coalesce(u.injected, []) AS injected,
       u.erasing IS NOT NULL AS erasing, hasEntities
