// One batch of an erase: up to $batchSize of the person's nodes, each with every relationship it has.
// Copies of what was said go first, so no worker can turn a message into memories while the rest goes (its
// write transaction starts by matching the message). The EndUser node stays until the erase's last step.
// Relationships are counted once per batch (DISTINCT); a relationship already deleted by an earlier batch is
// gone and is not counted again.
CALL () {
  MATCH (n:Message {tenantId: $tenantId, userId: $userId}) RETURN n, 0 AS rank LIMIT toInteger($batchSize)
  UNION ALL
  MATCH (n:Memory {tenantId: $tenantId, userId: $userId}) RETURN n, 1 AS rank LIMIT toInteger($batchSize)
  UNION ALL
  MATCH (n:Revision {tenantId: $tenantId, userId: $userId}) RETURN n, 2 AS rank LIMIT toInteger($batchSize)
  UNION ALL
  MATCH (n:Suppression {tenantId: $tenantId, userId: $userId}) RETURN n, 3 AS rank LIMIT toInteger($batchSize)
  UNION ALL
  MATCH (n:LedgerRecord {tenantId: $tenantId, userId: $userId}) RETURN n, 4 AS rank LIMIT toInteger($batchSize)
}
WITH n ORDER BY rank LIMIT toInteger($batchSize)
WITH collect(DISTINCT n) AS doomed
CALL (doomed) {
  UNWIND doomed AS x
  MATCH (x)-[r]-()
  RETURN count(DISTINCT r) AS edges
}
FOREACH (x IN doomed | DETACH DELETE x)
RETURN size(doomed) AS nodes, edges
