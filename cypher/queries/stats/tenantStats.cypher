// Usage figures of one tenant for GET /stats. Salience is the value the jobs materialised; a memory they have not
// reached yet (new since the last run, or the schedule is off) counts with its salience at creation, base score
// plus spike (no time has decayed it yet), not as missing.
MATCH (t:Tenant {id: $tenantId})
CALL (t) {
  OPTIONAL MATCH (m:Memory {tenantId: t.id})
  WITH m, CASE WHEN m IS NULL THEN null
               ELSE coalesce(m.salience, CASE WHEN coalesce(m.baseScore, 0.0) + coalesce(m.spike, 0.0) > 1 THEN 1.0
                                              ELSE coalesce(m.baseScore, 0.0) + coalesce(m.spike, 0.0) END) END AS s
  RETURN count(m) AS memories, avg(s) AS avgSalience, count(CASE WHEN s >= $highSalience THEN 1 END) AS highSalience
}
RETURN COUNT { (t)-[:SERVES]->(:EndUser) } AS users, memories, avgSalience, highSalience
