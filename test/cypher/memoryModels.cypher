// Per embedder, how many of a person's memories hold a vector it made.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.embedding IS NOT NULL
RETURN m.embeddingModel AS model, count(*) AS memories, min(size(m.embedding)) AS dims
ORDER BY model
