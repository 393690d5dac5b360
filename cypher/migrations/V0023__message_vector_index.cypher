// V0023: messages get vectors too (issue 18): a processed turn that left memories is embedded as "<speaker's
// name>: <words>", and the "said by meaning" channel finds the turns nearest a question, answering with their
// memories. Filtered by owner and embedder inside the index, unquantized, as memory_embedding_owner (V0015); the
// dimension is the configured embedder's ($embeddingDimensions). With it, an index on the embedder of each message's
// vector, for re-embedding after a change of model (as V0013 for memories). Never edit this file once landed.
CYPHER 25 CREATE VECTOR INDEX message_embedding_owner IF NOT EXISTS
FOR (n:Message) ON n.embedding
WITH [n.tenantId, n.userId, n.embeddingModel]
OPTIONS {indexConfig: {`vector.dimensions`: $embeddingDimensions, `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};

CREATE INDEX message_embedding_model IF NOT EXISTS FOR (n:Message) ON (n.embeddingModel);
