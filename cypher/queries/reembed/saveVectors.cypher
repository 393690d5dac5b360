// New vectors for a batch; a memory whose vector changed meanwhile (another embedder, a fix) is left as it is.
UNWIND $rows AS r
MATCH (m:Memory {id: r.id, tenantId: r.tenantId})
WHERE m.embeddingModel = $from
SET m.embedding = r.embedding, m.embeddingModel = $embeddingModel
RETURN count(m) AS updated
