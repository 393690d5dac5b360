// Lift a suppression. Memories on the topic become eligible again; nothing was deleted while it held.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})-[:SUPPRESSES]->(s:Suppression {tenantId: $tenantId, userId: $userId})
WHERE coalesce(s.topicKey, toLower(trim(s.topic))) = $topicKey
WITH u, collect(s) AS lifted
FOREACH (s IN lifted | DETACH DELETE s)
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
RETURN size(lifted) AS lifted
