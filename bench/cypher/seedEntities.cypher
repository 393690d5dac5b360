// Bench seed: entities as ingest/saveNewEntities.cypher makes them (and updateEntities.cypher links them to every
// domain they came up in): the first domain is where they were first mentioned.
UNWIND $rows AS r
CREATE (e:Memory:Entity {
  id: r.id, tenantId: $tenantId, userId: r.userId, name: r.name, kind: r.kind, relation: r.relation,
  aliases: r.aliases, aliasText: r.aliasText, gravity: r.gravity, topic: r.name, summary: r.summary,
  baseScore: r.gravity, processingCount: 0, spike: 0.0, decayModifier: 0.8, createdAt: datetime(r.createdAt),
  updatedAt: datetime(r.lastRelevantAt), lastRelevantAt: datetime(r.lastRelevantAt), state: 'active', pinned: false,
  archived: false, embedding: r.embedding, embeddingModel: $embeddingModel
})
WITH e, r
CALL (e, r) {
  UNWIND r.domains AS name
  MATCH (d:Memory:Domain {tenantId: $tenantId, userId: r.userId, name: name})
  CREATE (d)-[:HAS_ENTITY]->(e)
  RETURN count(d) AS domains
}
RETURN count(e) AS created
