// New facts: each under its subject entity, derived from its message, related to the other entities it names.
// Rows of a batch of messages, each with its message and the embedder that made its vector.
UNWIND $facts AS f
MATCH (msg:Message {id: f.messageId, tenantId: $tenantId, userId: $userId})
MATCH (subject:Memory:Entity {id: f.subjectId, tenantId: $tenantId, userId: $userId})
CREATE (m:Memory:Facet {
  id: f.id, tenantId: $tenantId, userId: $userId, topic: f.topic, summary: f.summary, broader: f.broader, domain: f.domain,
  askedWith: f.askedWith,
  categories: f.categories, standing: f.standing, s1: f.s1, s2: f.s2, s3: f.s3, s4: f.s4, s5: f.s5, baseScore: f.baseScore,
  decayModifier: f.decayModifier, spike: f.spike, spikeAt: CASE WHEN f.spike > 0 THEN datetime() ELSE null END,
  processingCount: 0, createdAt: datetime(), updatedAt: datetime(), lastRelevantAt: datetime(),
  eventTime: msg.eventTime, eventDate: CASE WHEN f.eventDate IS NULL THEN null ELSE date(f.eventDate) END,
  datePrecision: f.datePrecision, state: 'active', pinned: false, archived: false, metadata: f.metadata,
  eventType: f.eventType, nodeType: f.nodeType, fingerprint: f.fingerprint, polarity: f.polarity, keyWords: f.keyWords,
  embedding: f.embedding, embeddingModel: f.embeddingModel
})
CREATE (subject)-[:HAS_FACET]->(m)
CREATE (m)-[:DERIVED_FROM]->(msg)
WITH m, f
CALL (m, f) {
  UNWIND f.mentionIds AS otherId
  MATCH (other:Memory:Entity {id: otherId, tenantId: $tenantId, userId: $userId})
  MERGE (m)-[r:RELATES_TO]->(other)
  ON CREATE SET r.weight = 1.0, r.coActivations = 1
  RETURN count(other) AS related
}
RETURN m.id AS id
