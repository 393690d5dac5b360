// V0015: a vector index on Memory.embedding that filters inside the index by owner and embedder (Neo4j 2026.x,
// Cypher 25), so a person's k nearest memories come from the index itself. Plain Cypher, idempotent (IF NOT EXISTS).
// Never edit this file once landed: add a later version instead.

// V0006 dropped the 5.26 index: it was global, so the nearest memories of every tenant came first and a person's were
// lost among them. With the owner's tenantId and userId (and the embedder's id, since vectors of two embedders of the
// same dimension must never be compared) as filter properties, the search runs among that person's vectors alone.
// Unquantized: the default quantization gave a recall@20 of 0.63 against the exact answer (issue 19), none here.
// The dimension is the configured embedder's (EMBEDDING_DIMENSIONS, passed as $embeddingDimensions, as in V0001).
CYPHER 25 CREATE VECTOR INDEX memory_embedding_owner IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.tenantId, m.userId, m.embeddingModel]
OPTIONS {indexConfig: {`vector.dimensions`: $embeddingDimensions, `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};
