// Known entities whose relation to the person a message changes, in the order the messages said it: a home left
// for a new one becomes a former home ("We moved to Bath" after "I live in Leeds"), an employer left for a new job a
// former employer, and one held again is the person's once more ("moved back to Leeds"). The summary an identity
// line shows says the same, and its vector is the new summary's. The person's facts about it that stood as who they
// are ("I live in Leeds") are former ones while it is a former one (StoredStanding in src/ingest/analysis/signals.ts),
// and stand again when it is theirs again; the facts of the messages being written come after this statement and are
// left as they are.
UNWIND $changes AS c
MATCH (e:Memory:Entity {id: c.id, tenantId: $tenantId, userId: $userId})
SET e.relation = c.relation, e.summary = c.summary, e.updatedAt = datetime(),
    e.embedding = coalesce(c.embedding, e.embedding),
    e.embeddingModel = CASE WHEN c.embedding IS NULL THEN e.embeddingModel ELSE c.embeddingModel END
WITH e, c
CALL (e, c) {
  MATCH (:Memory:Entity {tenantId: $tenantId, userId: $userId, kind: 'self'})-[:HAS_FACET]->(f:Memory:Facet)-[:RELATES_TO]->(e)
  WHERE f.tenantId = $tenantId AND f.userId = $userId
    AND CASE WHEN c.ended THEN f.standing = 'identity' ELSE coalesce(f.standing, 'former') = 'former' AND 'identity' IN f.categories END
  SET f.standing = CASE WHEN c.ended THEN 'former' ELSE 'identity' END, f.updatedAt = datetime()
  RETURN count(f) AS restood
}
RETURN count(e) AS changed, sum(restood) AS restood
