// Last deletion of an erase: the person's own node, with its SERVES link from the tenant (which frees the
// tenant's user quota). When the node is already gone the answer is still one row, with zero counts.
OPTIONAL MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
WITH u, COUNT { (u)-[]-() } AS edges
DETACH DELETE u
RETURN count(u) AS nodes, edges
