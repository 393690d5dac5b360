// Opens a b2c erase before anything is deleted (spec 2.8). The record holds the id the caller sent, counts,
// times and who asked (a key id): never anything the person said. The person is marked as being erased (the
// write path refuses them, retrieval answers nothing) and the record is claimed at once, with a lease, by the
// eraser of the process that accepted the request; any other eraser takes it over if that lease runs out.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CREATE (d:DeletionRecord {
  id: $requestId, tenantId: $tenantId, userId: $userId, routeSet: $routeSet, status: 'pending',
  requestedAt: datetime($now), requestedBy: $requestedBy,
  nodesFound: toInteger($nodesFound), nodesDeleted: 0, edgesDeleted: 0,
  leaseHolder: $holder, leaseExpiresAt: datetime($expiresAt)
})
SET u.erasing = d.id
RETURN d {.id, .userId, .status, .requestedAt, .startedAt, .completedAt, .nodesFound, .nodesDeleted, .edgesDeleted, .remaining} AS record
