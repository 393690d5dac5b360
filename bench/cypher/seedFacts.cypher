// Bench seed: facts as ingest/saveFacts.cypher makes them: under the subject entity, derived from their message,
// related to the other entities they name. Scores and fingerprints come from the service's own functions.
UNWIND $rows AS f
MATCH (msg:Message {id: f.messageId, tenantId: $tenantId})
MATCH (subject:Memory:Entity {id: f.subjectId, tenantId: $tenantId})
CREATE (m:Memory:Facet {
  id: f.id, tenantId: $tenantId, userId: f.userId, topic: f.topic, summary: f.summary, domain: f.domain,
  categories: f.categories, standing: f.standing, s1: f.s1, s2: f.s2, s3: f.s3, s4: f.s4, s5: f.s5, baseScore: f.baseScore,
  decayModifier: f.decayModifier, spike: f.spike, spikeAt: CASE WHEN f.spikeAt IS NULL THEN null ELSE datetime(f.spikeAt) END,
  processingCount: f.processingCount, createdAt: datetime(f.createdAt), updatedAt: datetime(f.lastRelevantAt),
  lastRelevantAt: datetime(f.lastRelevantAt), eventTime: msg.eventTime,
  eventDate: CASE WHEN f.eventDate IS NULL THEN null ELSE date(f.eventDate) END, datePrecision: f.datePrecision,
  state: 'active', pinned: false, archived: false, metadata: '{}', eventType: 'message', nodeType: null,
  fingerprint: f.fingerprint, polarity: f.polarity, keyWords: f.keyWords, embedding: f.embedding, embeddingModel: $embeddingModel
})
CREATE (subject)-[:HAS_FACET]->(m)
CREATE (m)-[:DERIVED_FROM]->(msg)
WITH m, f
CALL (m, f) {
  UNWIND f.mentionIds AS otherId
  MATCH (other:Memory:Entity {id: otherId, tenantId: $tenantId})
  CREATE (m)-[:RELATES_TO {weight: 1.0, coActivations: 1}]->(other)
  RETURN count(other) AS related
}
RETURN count(m) AS created
