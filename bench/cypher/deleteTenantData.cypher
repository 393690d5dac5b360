// Clean-up on a Neo4j the benchmark did not start (NEO4J_URI): every node of one bench tenant, in batches.
MATCH (n)
WHERE n.tenantId = $tenantId OR (n:Tenant AND n.id = $tenantId)
CALL (n) {
  OPTIONAL MATCH (n:Tenant)-[:HAS_KEY]->(k:ApiKey)
  DETACH DELETE k, n
} IN TRANSACTIONS OF 2000 ROWS
RETURN count(*) AS deleted
