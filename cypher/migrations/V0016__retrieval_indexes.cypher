// V0016: every retrieval channel answered by an index of Neo4j's own (issue 19), with no copy of a person's memories
// held in the service. Plain Cypher, idempotent (IF NOT EXISTS / IF EXISTS). Never edit this file once landed.

// Full-text over what a memory says, the broader words of its nouns (searched at a lower weight) and its categories
// (the standing channel asks for constraints and identity facts through them), scoped to one person by the owner
// fields, as memory_text_en was; it replaces that index, which had neither broader words nor categories.
CREATE FULLTEXT INDEX memory_search_en IF NOT EXISTS
FOR (m:Memory) ON EACH [m.topic, m.summary, m.broader, m.categories, m.tenantId, m.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
DROP INDEX memory_text_en IF EXISTS;

// Facts by when they happened (questions naming a date) and by when they were last relevant (recency fills in when
// a question matched little), each in index order for one person; pinned memories of one person.
CREATE INDEX facet_event_date IF NOT EXISTS FOR (m:Facet) ON (m.tenantId, m.userId, m.eventDate);
CREATE INDEX facet_last_relevant IF NOT EXISTS FOR (m:Facet) ON (m.tenantId, m.userId, m.lastRelevantAt);
CREATE INDEX memory_pinned IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.userId, m.pinned);

// The revision protocol of the in-process caches is gone (V0010 made these for it); V0017 removes the stamps.
DROP INDEX memory_revision IF EXISTS;
DROP INDEX message_revision IF EXISTS;
