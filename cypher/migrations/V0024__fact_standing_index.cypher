// V0024: the standing channel (facts that matter whatever the question: constraints, and identity on a first turn)
// reads facts through an index of their own instead of a full-text search of their categories, which walked the
// owner's terms in the full-text index for every retrieval. A fact's `standing` is the first of those categories it
// has (src/ingest/analysis/signals.ts standingOf; saveFacts and fixMemory store it); this index serves it most
// recently relevant first, and the statement after it gives the facts stored before it theirs. Idempotent; never
// edit once landed.
CREATE RANGE INDEX fact_standing IF NOT EXISTS FOR (m:Facet) ON (m.tenantId, m.userId, m.standing, m.lastRelevantAt);

MATCH (m:Facet)
WHERE m.standing IS NULL AND any(c IN coalesce(m.categories, []) WHERE c IN ['constraint', 'identity'])
CALL (m) {
  SET m.standing = CASE WHEN 'constraint' IN m.categories THEN 'constraint' ELSE 'identity' END
} IN TRANSACTIONS OF 5000 ROWS;
