// Every node that carries this tenantId and userId, whatever its label, counted per label (a label-free scan on
// purpose: an erase test must also see kinds the erase does not know about).
MATCH (n)
WHERE n.tenantId = $tenantId AND n.userId = $userId
UNWIND labels(n) AS label
RETURN label, count(*) AS count
ORDER BY label
