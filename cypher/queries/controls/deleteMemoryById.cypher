// b2c single delete: the memory and its links to other nodes, nothing more. What hung under it stays.
// The messages it came from are withheld: their words must not come back quoted by another memory.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
CALL (m) {
  MATCH (m)-[:DERIVED_FROM]->(msg:Message {tenantId: $tenantId, userId: $userId})
  SET msg.withheld = true
}
WITH m, m.id AS id, COUNT { (m)-[]-() } AS edges
DETACH DELETE m
WITH id, edges
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1,
    u.injected = [i IN coalesce(u.injected, []) WHERE i <> id]
RETURN [id] AS ids, 1 AS nodes, edges
