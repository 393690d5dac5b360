// Known entities whose relation to the person a message changes, in the order the messages said it: a home left
// for a new one becomes a former home ("We moved to Bath" after "I live in Leeds"), an employer left for a new job a
// former employer, and one held again is the person's once more ("moved back to Leeds"). The summary an identity
// line shows says the same, and its vector is the new summary's.
UNWIND $changes AS c
MATCH (e:Memory:Entity {id: c.id, tenantId: $tenantId, userId: $userId})
SET e.relation = c.relation, e.summary = c.summary, e.updatedAt = datetime(),
    e.embedding = coalesce(c.embedding, e.embedding),
    e.embeddingModel = CASE WHEN c.embedding IS NULL THEN e.embeddingModel ELSE c.embeddingModel END
RETURN count(e) AS changed
