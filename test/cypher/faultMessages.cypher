// Fault tests: where each acknowledged message stands, by id, with the facts derived from it and how often
// those facts were reinforced (a message processed twice reinforces its own fact or makes a second one).
UNWIND $ids AS id
OPTIONAL MATCH (m:Message {id: id, tenantId: $tenantId})
RETURN id, m.status AS status, m.attempts AS attempts, m.leaseHolder AS leaseHolder, toString(m.leaseExpiresAt) AS leaseExpiresAt,
       toString(m.processedAt) AS processedAt,
       CASE WHEN m IS NULL THEN 0 ELSE COUNT { MATCH (f:Facet)-[:DERIVED_FROM]->(m) } END AS facts,
       CASE WHEN m IS NULL THEN [] ELSE [(f:Facet)-[:DERIVED_FROM]->(m) | f.processingCount] END AS processingCounts,
       CASE WHEN m IS NULL THEN [] ELSE [(f:Facet)-[:DERIVED_FROM]->(m) | COUNT { MATCH (f)-[:DERIVED_FROM]->(:Message) }] END AS sourcesPerFact
