// Every property of every node that carries a person's tenantId and userId, whatever its label or type: what a
// request really left in the graph, for checking that no PII reached it.
MATCH (n)
WHERE n.tenantId = $tenantId AND n.userId = $userId
RETURN labels(n) AS labels, properties(n) AS props
