// V0011: memories are also found by the broader words of their nouns (src/lexical/broader.ts: "Portugal" is a
// European country, "taekwondo" a martial art), held in Memory.broader. Plain Cypher, idempotent (IF EXISTS / IF
// NOT EXISTS). Never edit this file once landed: add V0012 instead.

// A full-text index's properties cannot be changed, so memory_text_en (V0005) is made again with `broader` among
// them: same name, same English analyser, the owner's fields as before. Memories written before this migration
// have no `broader` and are found by their own words only, as before.
DROP INDEX memory_text_en IF EXISTS;
CREATE FULLTEXT INDEX memory_text_en IF NOT EXISTS FOR (m:Memory) ON EACH [m.topic, m.summary, m.broader, m.tenantId, m.userId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
