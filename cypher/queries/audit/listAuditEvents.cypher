// GET /admin/audit: a tenant's audit events (spec 2.8), newest first, optionally of one person and one action,
// after a cursor: strictly before $before, or at $before with a smaller id than $beforeId (events written in one
// transaction share a time). `at` is returned at full precision so it can be sent back as the cursor.
// Ids, counts, the requester and times only: an audit event holds no content.
MATCH (a:AuditEvent {tenantId: $tenantId})
WHERE ($userId IS NULL OR a.userId = $userId)
  AND ($action IS NULL OR a.action = $action)
  AND ($before IS NULL OR a.at < datetime($before)
       OR ($beforeId IS NOT NULL AND a.at = datetime($before) AND a.id < $beforeId))
RETURN a.id AS id, a.tenantId AS tenantId, a.userId AS userId, a.routeSet AS routeSet, a.action AS action,
       coalesce(a.nodeIds, []) AS nodeIds, a.requestedBy AS requestedBy, toString(a.at) AS at,
       coalesce(a.nodes, 0) AS nodes, coalesce(a.edges, 0) AS edges
ORDER BY a.at DESC, a.id DESC
LIMIT toInteger($limit)
