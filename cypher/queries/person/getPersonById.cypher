// What the write and read paths need to know about a person first: their entities (for alias matching, gravity,
// and retrieval's entity and identity channels: archived ones too, since a name still names them), how many facts
// each has, whether they have any, the topics they asked to leave alone, the version of their memory (bumped by every
// write), what was last put in a model's context, and whether an erase of the person is open.
// With $question null, every entity (the write path). With a question (retrieval), only those it could name or that
// join the identity channel, so a person's hundreds of entities are not read for every question: the self entity;
// central ones (gravity ≥ $centralGravity, not archived); those with a relation in $relations (a role word, "my
// sister", resolves among all of a relation's entities); those whose name or an alias occurs in $question
// (lower-cased). The analysis then finds in the question exactly the entities it would find among all of them (a test
// checks). $question is compared as data, never parsed. The names are looked up through entity_name_search with
// $nameSearch (the question's words as escaped terms, src/retrieval/lucene.ts); when it is null (a question of very
// many words) every entity of the person is read and compared instead.
CYPHER 25
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CALL (u) {
  CALL () {
    WHEN $question IS NULL OR $nameSearch IS NULL THEN {
      // Through the entities' own index: planned without the hint, it read every memory of the person.
      MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
      USING INDEX e:Entity(tenantId, userId, name)
      WHERE e.name IS NOT NULL
        AND ($question IS NULL
             OR e.kind = 'self'
             OR e.relation IN $relations
             OR (e.gravity >= $centralGravity AND NOT coalesce(e.archived, false))
             OR any(t IN [e.name] + coalesce(e.aliases, []) WHERE size(t) >= 2 AND $question CONTAINS toLower(t)))
      RETURN e
    }
    ELSE {
      CALL () {
        // Lucene matches words; the owner and the name are then checked exactly.
        CALL db.index.fulltext.queryNodes('entity_name_search', $nameSearch) YIELD node AS e
        WHERE e.tenantId = $tenantId AND e.userId = $userId
          AND any(t IN [e.name] + coalesce(e.aliases, []) WHERE size(t) >= 2 AND $question CONTAINS toLower(t))
        RETURN e
        UNION
        MATCH (e:Entity {tenantId: $tenantId, userId: $userId, kind: 'self'})
        RETURN e
        UNION
        MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
        WHERE e.gravity >= $centralGravity AND NOT coalesce(e.archived, false)
        RETURN e
        UNION
        MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
        WHERE e.relation IN $relations
        RETURN e
      }
      RETURN e
    }
  }
  // In the order of their names, however they were found (the question's search words follow it).
  WITH e ORDER BY e.name, e.id
  RETURN collect(e {.id, .name, .kind, .relation, .aliases, .gravity, archived: coalesce(e.archived, false),
                    relevantAt: toString(coalesce(e.lastRelevantAt, e.createdAt)),
                    facets: COUNT { (e)-[:HAS_FACET]->() }}) AS entities
}
CALL (u) {
  MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
  USING INDEX e:Entity(tenantId, userId, name)
  WHERE e.name IS NOT NULL
  WITH e LIMIT 1
  RETURN count(e) > 0 AS hasEntities
}
CALL (u) {
  OPTIONAL MATCH (u)-[:SUPPRESSES]->(s:Suppression)
  RETURN collect(s.topic) AS suppressed
}
RETURN entities, hasEntities, suppressed, coalesce(u.memoryVersion, 0) AS version, coalesce(u.injected, []) AS injected,
       u.erasing IS NOT NULL AS erasing
