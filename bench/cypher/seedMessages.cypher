// Bench seed: the messages the facts were derived from, as messages/saveMessages.cypher stores them and
// messages/completeMessages.cypher and ingest/saveSaidVectors.cypher leave them once processed (a vector for a
// message that left memories; a null property is not stored).
UNWIND $rows AS r
MATCH (u:EndUser {tenantId: $tenantId, userId: r.userId})
CREATE (m:Message {
  id: r.id, tenantId: $tenantId, userId: r.userId, speaker: 'user', text: r.text, source: 'ingest_v2', seq: 0,
  speakerName: null, eventTime: datetime(r.eventTime), receivedAt: datetime(r.eventTime), status: 'done', attempts: 1,
  nextAttemptAt: datetime(r.eventTime), processedAt: datetime(r.processedAt), factsStored: r.factsStored, factsDiscarded: 0,
  embedding: r.embedding, embeddingModel: CASE WHEN r.embedding IS NULL THEN null ELSE $embeddingModel END
})
CREATE (u)-[:SAID]->(m)
RETURN count(m) AS created
