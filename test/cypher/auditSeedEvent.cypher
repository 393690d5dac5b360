// Test-only: one audit event at a given time (the writer in src/controls/audit.ts always stamps datetime()).
CREATE (a:AuditEvent {
  id: randomUUID(), tenantId: $tenantId, userId: $userId, routeSet: $routeSet, action: $action,
  nodeIds: $nodeIds, requestedBy: $requestedBy, at: datetime($at), nodes: $nodes, edges: $edges
})
RETURN a.id AS id, toString(a.at) AS at
