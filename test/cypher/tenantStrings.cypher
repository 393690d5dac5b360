// Every string (and string list) stored on any node of a tenant: for checking that no PII reached the graph.
MATCH (n)
WHERE n.tenantId = $tenantId
UNWIND keys(n) AS k
WITH n[k] AS v
RETURN collect(CASE WHEN v IS :: STRING THEN v WHEN v IS :: LIST<STRING> THEN reduce(s = '', x IN v | s + ' ' + x) END) AS strings
