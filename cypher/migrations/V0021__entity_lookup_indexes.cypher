// V0021: the entities a question could name, found through indexes instead of a read of every entity of the person
// (person/getPersonById with a question): those whose name or an alias holds one of its words (an owner-scoped
// full-text index over names, without stop words: "Will" is a name), those of the relations its role words name,
// the central ones (by gravity) and the person themself (by kind). Plain Cypher, idempotent (IF NOT EXISTS / IF
// EXISTS). Never edit once landed.
CREATE FULLTEXT INDEX entity_name_search IF NOT EXISTS
FOR (e:Entity) ON EACH [e.name, e.aliasText, e.tenantId, e.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}};
CREATE INDEX entity_owner_relation IF NOT EXISTS FOR (e:Entity) ON (e.tenantId, e.userId, e.relation);
CREATE INDEX entity_owner_gravity IF NOT EXISTS FOR (e:Entity) ON (e.tenantId, e.userId, e.gravity);
CREATE INDEX entity_owner_kind IF NOT EXISTS FOR (e:Entity) ON (e.tenantId, e.userId, e.kind);

// V0001's index over every tenant's entity names was never read; entity_name_search replaces it.
DROP INDEX entity_names IF EXISTS;
