// New entities, each under the domain it was first mentioned in; rows of a batch of messages, each with the
// embedder that made its vector.
UNWIND $entities AS ent
MATCH (d:Memory:Domain {tenantId: $tenantId, userId: $userId, name: ent.domain})
CREATE (e:Memory:Entity {
  id: ent.id, tenantId: $tenantId, userId: $userId, name: ent.name, kind: ent.kind, relation: ent.relation,
  aliases: ent.aliases, aliasText: ent.aliasText, gravity: ent.gravity, topic: ent.name, summary: ent.summary,
  baseScore: ent.gravity, processingCount: 0, spike: 0.0, decayModifier: 0.8, createdAt: datetime(),
  updatedAt: datetime(), lastRelevantAt: datetime(), state: 'active', pinned: false, archived: false,
  embedding: ent.embedding, embeddingModel: ent.embeddingModel
})
CREATE (d)-[:HAS_ENTITY]->(e)
RETURN e.id AS id, e.name AS name
