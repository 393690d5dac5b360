// Memories that matter whatever the question: pinned ones (memory_pinned), then facts standing as constraints and,
// when $identity, as identity (fact_standing, V0024: a fact's `standing` is the first of those categories it has,
// src/ingest/analysis/signals.ts standingOf), each under the first of those it is, most recently relevant first.
// Central people and organisations join the identity channel from the person's entities (personEntities).
CALL () {
  MATCH (m:Memory {tenantId: $tenantId, userId: $userId, pinned: true})
  USING INDEX m:Memory(tenantId, userId, pinned)
  RETURN m
  UNION
  UNWIND CASE WHEN $identity THEN ['constraint', 'identity'] ELSE ['constraint'] END AS standing
  CALL (standing) {
    // Read in the index's order (by all of its fields), the most recently relevant first, up to $limit of each.
    MATCH (m:Facet {tenantId: $tenantId, userId: $userId, standing: standing})
    USING INDEX m:Facet(tenantId, userId, standing, lastRelevantAt)
    WHERE m.lastRelevantAt IS NOT NULL AND NOT coalesce(m.archived, false)
    RETURN m
    ORDER BY m.tenantId DESC, m.userId DESC, m.standing DESC, m.lastRelevantAt DESC
    LIMIT $limit
  }
  RETURN m
}
WITH m, CASE WHEN m.pinned = true THEN 'pinned' ELSE m.standing END AS channel
WHERE channel IS NOT NULL AND NOT m:Domain AND NOT coalesce(m.archived, false)
RETURN m.id AS id, channel
ORDER BY coalesce(m.lastRelevantAt, m.createdAt) DESC, id
LIMIT $limit
