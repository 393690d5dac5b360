// Usage figures of one tenant for GET /stats.
MATCH (t:Tenant {id: $tenantId})
CALL (t) {
  OPTIONAL MATCH (m:Memory {tenantId: t.id})
  RETURN count(m) AS memories, avg(m.salience) AS avgSalience,
         count(CASE WHEN m.salience >= $highSalience THEN 1 END) AS highSalience
}
RETURN COUNT { (t)-[:SERVES]->(:EndUser) } AS users, memories, avgSalience, highSalience
