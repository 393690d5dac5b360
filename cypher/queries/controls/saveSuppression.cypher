// "Leave this topic alone": one Suppression per person and topic key. Existing memories on the topic are hidden
// from retrieval and new information on it is discarded by the write path until the suppression is lifted.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (u)-[:SUPPRESSES]->(existing:Suppression {tenantId: $tenantId, userId: $userId, topicKey: $topicKey})
MERGE (u)-[:SUPPRESSES]->(s:Suppression {tenantId: $tenantId, userId: $userId, topicKey: $topicKey})
ON CREATE SET s.topic = $topic, s.createdAt = datetime()
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
RETURN s.topic AS topic, s.createdAt AS since, existing IS NULL AS created
