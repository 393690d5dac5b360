// Fault tests: makes a person large quickly. $count messages, each with one fact derived from it under the
// person's own (self) entity, shaped as the write path stores them. The person must exist already.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
MATCH (e:Memory:Entity {tenantId: $tenantId, userId: $userId, kind: 'self'})
UNWIND range(1, $count) AS i
CREATE (msg:Message {
  id: randomUUID(), tenantId: $tenantId, userId: $userId, speaker: 'user', text: 'Seeded message number ' + i,
  source: 'b2c_ingest', seq: 0, eventTime: datetime(), receivedAt: datetime(), status: 'done', attempts: 1,
  nextAttemptAt: datetime(), processedAt: datetime()
})
CREATE (u)-[:SAID]->(msg)
CREATE (f:Memory:Facet {
  id: randomUUID(), tenantId: $tenantId, userId: $userId, topic: 'seeded ' + i, summary: 'Seeded fact number ' + i,
  baseScore: 0.5, spike: 0.0, decayModifier: 1.0, processingCount: 0, createdAt: datetime(), updatedAt: datetime(),
  lastRelevantAt: datetime(), state: 'active', pinned: false, archived: false, fingerprint: 'seeded-' + i
})
CREATE (e)-[:HAS_FACET]->(f)
CREATE (f)-[:DERIVED_FROM]->(msg)
RETURN count(*) AS seeded
