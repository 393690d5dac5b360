// The vectors of messages whose memories this transaction wrote, with the embedder that made each (the channel that
// finds what was said by meaning compares only vectors of the question's embedder; re-embedding finds old ones).
UNWIND $messages AS row
MATCH (n:Message {id: row.messageId, tenantId: $tenantId})
WHERE n.userId = $userId
SET n.embedding = row.embedding, n.embeddingModel = row.embeddingModel
