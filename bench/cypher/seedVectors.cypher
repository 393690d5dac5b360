// Bench data: synthetic facts with given vectors for one person (bench tenant only).
UNWIND $rows AS r
CREATE (m:Memory:Facet {id: r.id, tenantId: $tenantId, userId: $userId, topic: r.topic, summary: r.topic,
  embedding: r.vector, embeddingModel: $embeddingModel, baseScore: 0.5, processingCount: 0, createdAt: datetime(),
  lastRelevantAt: datetime(), spike: 0.0, decayModifier: 1.0, archived: false, pinned: false})
RETURN count(m) AS created
