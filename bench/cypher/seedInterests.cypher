// Bench seed: interests as ingest/saveInterests.cypher leaves them after `evidence` mentions (stage and base
// score from the evidence), under the person's self entity, derived from each message that stated them.
UNWIND $rows AS it
MATCH (owner:Memory:Entity {id: it.ownerId, tenantId: $tenantId})
CREATE (i:Memory:Interest {
  id: it.id, tenantId: $tenantId, userId: it.userId, topicKey: it.topicKey, topic: it.topic, summary: it.summary,
  domain: it.domain, evidence: it.evidence, strength: it.strength, stage: it.stage, baseScore: it.baseScore,
  processingCount: 0, spike: 0.0, decayModifier: 0.9, createdAt: datetime(it.createdAt),
  updatedAt: datetime(it.lastRelevantAt), lastRelevantAt: datetime(it.lastRelevantAt), state: 'active', pinned: false,
  archived: false, embedding: it.embedding, embeddingModel: $embeddingModel
})
CREATE (owner)-[:HAS_INTEREST]->(i)
WITH i, it
CALL (i, it) {
  UNWIND it.messageIds AS messageId
  MATCH (msg:Message {id: messageId, tenantId: $tenantId})
  CREATE (i)-[:DERIVED_FROM]->(msg)
  RETURN count(msg) AS sources
}
RETURN count(i) AS created
