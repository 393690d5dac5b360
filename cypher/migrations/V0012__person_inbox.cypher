// V0012: the person's inbox, the lock an acknowledgement takes (cypher/queries/messages/createMessages.cypher), and
// full-text indexes kept off the commit path. Plain Cypher, idempotent (IF NOT EXISTS / IF EXISTS). Never edit this
// file once landed: add a later version instead.

// One inbox per person: an acknowledgement and an erase's opening transaction MERGE it, safe under concurrency,
// and find it by this index.
CREATE CONSTRAINT inbox_key IF NOT EXISTS FOR (i:Inbox) REQUIRE (i.tenantId, i.userId) IS UNIQUE;
// The full-text indexes of V0005 are no longer queried by the service (retrieval searches in process); they stay
// for analysts in Neo4j Browser. Kept consistent, each commit that stores a message or writes a memory updated
// Lucene before it returned: at 2 CPUs with the worker busy, about half of an acknowledgement's time. Eventually
// consistent, Neo4j updates them in the background, moments after the commit. Same names, same fields, same
// analyser; the drop and the rebuild run once, when this migration is applied.
DROP INDEX message_text_en IF EXISTS;
CREATE FULLTEXT INDEX message_text_en IF NOT EXISTS FOR (m:Message) ON EACH [m.text, m.tenantId, m.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true}};
DROP INDEX memory_text_en IF EXISTS;
CREATE FULLTEXT INDEX memory_text_en IF NOT EXISTS FOR (m:Memory) ON EACH [m.topic, m.summary, m.tenantId, m.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true}};
