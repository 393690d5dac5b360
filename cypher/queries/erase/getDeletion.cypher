// A person's deletion record in this tenant: the one asked for by id, or the newest.
MATCH (d:DeletionRecord {tenantId: $tenantId, userId: $userId})
WHERE $requestId IS NULL OR d.id = $requestId
RETURN d {.id, .userId, .status, .requestedAt, .startedAt, .completedAt, .nodesFound, .nodesDeleted, .edgesDeleted, .remaining} AS record
ORDER BY d.requestedAt DESC
LIMIT 1
