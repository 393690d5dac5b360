// Last deletion of an erase: the person's own node, with its SERVES link from the tenant (which frees the
// tenant's user quota), and the person's inbox (the acknowledgements' lock, messages/saveMessages: it holds
// nothing of the person and is not counted among their nodes). When the node is already gone the answer is still
// one row, with zero counts.
OPTIONAL MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (inbox:Inbox {tenantId: $tenantId, userId: $userId})
WITH u, inbox, COUNT { (u)-[]-() } AS edges
DETACH DELETE u, inbox
RETURN count(u) AS nodes, edges
