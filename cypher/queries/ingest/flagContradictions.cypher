// Contradiction flagging (off by default; the tenant profile turns it on): a new fact about the same entity
// that shares at least two key words with an older fact but has the opposite polarity ("eats meat" / "doesn't
// eat meat") is linked (new)-[:CONTRADICTS]->(old). Nothing is deleted or hidden. In a batch of messages, a fact is
// compared with those of its own message and earlier ones only (f.laterIds: the later messages' new facts).
UNWIND $facts AS f
MATCH (n:Memory:Facet {id: f.id, tenantId: $tenantId, userId: $userId})
MATCH (:Memory:Entity {id: f.subjectId, tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(old:Memory:Facet)
WHERE old.id <> n.id AND NOT old.id IN f.laterIds AND old.polarity IS NOT NULL AND old.polarity <> f.polarity
  AND size([w IN f.keyWords WHERE w IN coalesce(old.keyWords, [])]) >= 2
MERGE (n)-[:CONTRADICTS]->(old)
RETURN count(*) AS flagged
