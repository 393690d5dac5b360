// V0010: what changed in a person's memory since a version. Plain Cypher, idempotent (IF NOT EXISTS). Never edit
// this file once landed: add V0011 instead.

// Every write to a person's memories stamps what it changed with the memory version it bumps to (`rev`), on the
// memories and on the messages it processed. The in-process working set and vector cache (src/retrieval/) read, right
// after a write, only the rows past the version they hold: equality on the owner and a range on rev, instead of a
// scan of every memory the person has (bench/RESULTS.md, "retrieval right after a write").
CREATE INDEX memory_revision IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.userId, m.rev);
CREATE INDEX message_revision IF NOT EXISTS FOR (m:Message) ON (m.tenantId, m.userId, m.rev);
