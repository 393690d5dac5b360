// What was deleted in a tenant, newest first: audit events (what went: node ids or a whole person, when, who asked,
// how many nodes and relationships) and b2c deletion records (an erase's status, counts and times). Neither holds
// any deleted words. Set :param tenantId => '…' and :param userId => '…' (or :param userId => null for everyone).
CALL () {
  MATCH (a:AuditEvent {tenantId: $tenantId})
  WHERE $userId IS NULL OR a.userId = $userId
  RETURN a.at AS at, 'audit event' AS record, a.action AS what, a.userId AS userId, a.routeSet AS routeSet,
         a.requestedBy AS requestedBy, a.nodeIds AS nodeIds, a.nodes AS nodes, a.edges AS edges,
         null AS status, null AS nodesFound, null AS remaining, null AS completedAt
  UNION ALL
  MATCH (d:DeletionRecord {tenantId: $tenantId})
  WHERE $userId IS NULL OR d.userId = $userId
  RETURN d.requestedAt AS at, 'deletion record' AS record, 'erase' AS what, d.userId AS userId, 'b2c' AS routeSet,
         d.requestedBy AS requestedBy, [] AS nodeIds, d.nodesDeleted AS nodes, d.edgesDeleted AS edges,
         d.status AS status, d.nodesFound AS nodesFound, d.remaining AS remaining, d.completedAt AS completedAt
}
RETURN at, record, what, userId, routeSet, requestedBy, nodes, edges, status, nodesFound, remaining, completedAt, nodeIds
ORDER BY at DESC
LIMIT 500
