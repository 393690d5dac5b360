// The topics a person asked to leave alone, oldest first.
MATCH (:EndUser {tenantId: $tenantId, userId: $userId})-[:SUPPRESSES]->(s:Suppression {tenantId: $tenantId, userId: $userId})
RETURN s.topic AS topic, s.createdAt AS since
ORDER BY since, topic
