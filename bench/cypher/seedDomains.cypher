// Bench seed: domains as ingest/saveDomains.cypher makes them, one per (person, name), under the end user.
UNWIND $rows AS r
MATCH (u:EndUser {tenantId: $tenantId, userId: r.userId})
CREATE (d:Memory:Domain {id: r.id, tenantId: $tenantId, userId: r.userId, name: r.name, topic: r.name,
  summary: 'Life area: ' + r.name, baseScore: 0.5, processingCount: 0, spike: 0.0, decayModifier: 1.0,
  createdAt: datetime(r.createdAt), updatedAt: datetime(r.lastRelevantAt), lastRelevantAt: datetime(r.lastRelevantAt),
  state: 'active', pinned: false, archived: false})
CREATE (u)-[:HAS_DOMAIN]->(d)
RETURN count(d) AS created
