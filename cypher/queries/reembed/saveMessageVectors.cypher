// New vectors for a batch of messages; one whose vector changed meanwhile is left as it is.
UNWIND $rows AS r
MATCH (n:Message {id: r.id, tenantId: r.tenantId})
WHERE n.embeddingModel = $from
SET n.embedding = r.embedding, n.embeddingModel = $embeddingModel
RETURN count(n) AS updated
