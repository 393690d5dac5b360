// The people, places and things in a person's life, most central first.
MATCH (e:Entity {tenantId: $tenantId, userId: $userId})
RETURN e.name AS entity, e.kind AS kind, e.relation AS relation, e.aliases AS aliases, e.gravity AS gravity,
       COUNT { (e)-[:HAS_FACET]->() } AS facts, [(d:Domain)-[:HAS_ENTITY]->(e) | d.name] AS domains
ORDER BY gravity DESC, facts DESC
