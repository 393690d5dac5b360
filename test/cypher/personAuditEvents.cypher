// A person's audit events, every property, oldest first.
MATCH (a:AuditEvent {tenantId: $tenantId, userId: $userId})
RETURN properties(a) AS event
ORDER BY a.at
