// One audit event (spec 2.8): what was deleted (node ids or the user id), when, who asked, how many nodes and
// relationships went. It holds no deleted words and hangs off nothing, so it outlives the person's erase.
CREATE (a:AuditEvent {
  id: randomUUID(), tenantId: $tenantId, userId: $userId, routeSet: $routeSet, action: $action,
  nodeIds: $nodeIds, requestedBy: $requestedBy, at: datetime(), nodes: $nodes, edges: $edges
})
RETURN a.id AS id, toString(a.at) AS at
