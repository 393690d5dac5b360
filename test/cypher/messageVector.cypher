// The said-by-meaning tests: a message's stored vector and the embedder that made it.
MATCH (n:Message {id: $messageId, tenantId: $tenantId})
RETURN n.embedding AS embedding, n.embeddingModel AS model
