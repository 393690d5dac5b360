// A tenant's compliance audit log by day and action, newest day first: how many deletions of each kind
// (node_deleted, user_erased, erase_requested, erase_completed), for how many people, and how many nodes and
// relationships they removed. Set :param tenantId => '…' first.
MATCH (a:AuditEvent {tenantId: $tenantId})
RETURN date(a.at) AS day, a.action AS action, count(*) AS events, count(DISTINCT a.userId) AS people,
       sum(coalesce(a.nodes, 0)) AS nodes, sum(coalesce(a.edges, 0)) AS edges
ORDER BY day DESC, action
