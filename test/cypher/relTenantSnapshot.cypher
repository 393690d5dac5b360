// Reliability campaign: everything one tenant holds (its Tenant node, its keys and every node carrying its
// tenantId, usage counters aside), each with its labels, its properties (vectors as their length) and its
// outgoing relationships, for a before/after comparison that proves requests of other tenants changed nothing.
CALL () {
  MATCH (n) WHERE n.tenantId = $tenantId AND NOT n:UsageDay RETURN n
  UNION
  MATCH (n:Tenant {id: $tenantId}) RETURN n
  UNION
  MATCH (:Tenant {id: $tenantId})-[:HAS_KEY]->(n:ApiKey) RETURN n
}
OPTIONAL MATCH (n)-[r]->(m)
WITH n, collect(type(r) + '>' + coalesce(m.id, m.name, labels(m)[0])) AS out
RETURN labels(n) AS labels,
       [k IN keys(n) | [k, CASE WHEN k = 'embedding' THEN size(n[k]) ELSE n[k] END]] AS props,
       out
