// V0005: full-text search scoped to one person inside Lucene, with the English analyser, and over what was said.
// Plain Cypher, idempotent (IF NOT EXISTS / IF EXISTS). Never edit this file once landed: add V0006 instead.

// The indexes carry the owner's tenantId and userId as fields, so a query names the person (tenantId:"…" AND
// userId:"…") and Lucene ranks only that person's documents: a global index filtered afterwards would rank every
// tenant's matches first and lose the person's among them as the database grows. Lucene's English analyser stems
// (a question about "research" finds "researching") and drops English stop words.
// (IF NOT EXISTS also skips an index of the same schema under another name: these schemas are new.)
CREATE FULLTEXT INDEX memory_text_en IF NOT EXISTS FOR (m:Memory) ON EACH [m.topic, m.summary, m.tenantId, m.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
// What the person said (the copies kept as :Message), for the channel that finds memories through their sources.
CREATE FULLTEXT INDEX message_text_en IF NOT EXISTS FOR (m:Message) ON EACH [m.text, m.tenantId, m.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
// Replaced by memory_text_en.
DROP INDEX memory_text IF EXISTS;
