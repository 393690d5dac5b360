// A person's facts with what their vector was made from: topic, summary, the question a framed answer answers.
MATCH (m:Memory:Facet {tenantId: $tenantId, userId: $userId})
RETURN m.id AS id, m.topic AS topic, m.summary AS summary, m.askedWith AS askedWith, m.embedding AS embedding, m.embeddingModel AS model
ORDER BY m.createdAt
