// Every node that carries a person's tenantId and userId, whatever its label, with all its properties: what a
// delete or erase really left behind.
MATCH (n {tenantId: $tenantId, userId: $userId})
RETURN labels(n) AS labels, n.id AS id, properties(n) AS props, COUNT { (n)--() } AS degree
