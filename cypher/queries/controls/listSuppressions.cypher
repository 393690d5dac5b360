// The topics a person asked to leave alone, oldest first; none while the person is being erased (read as erased).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})-[:SUPPRESSES]->(s:Suppression {tenantId: $tenantId, userId: $userId})
WHERE u.erasing IS NULL
RETURN s.topic AS topic, s.createdAt AS since
ORDER BY since, topic
