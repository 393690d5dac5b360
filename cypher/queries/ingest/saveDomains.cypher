// Domains appear as topics emerge; (tenantId, userId, name) is unique, so MERGE is safe.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
UNWIND $domains AS name
MERGE (d:Memory:Domain {tenantId: $tenantId, userId: $userId, name: name})
ON CREATE SET d.id = randomUUID(), d.topic = name, d.summary = 'Life area: ' + name, d.baseScore = 0.5,
  d.processingCount = 0, d.spike = 0.0, d.decayModifier = 1.0, d.createdAt = datetime(), d.updatedAt = datetime(),
  d.lastRelevantAt = datetime(), d.state = 'active', d.pinned = false, d.archived = false
SET d.lastRelevantAt = datetime()
MERGE (u)-[:HAS_DOMAIN]->(d)
RETURN d.name AS name, d.id AS id
