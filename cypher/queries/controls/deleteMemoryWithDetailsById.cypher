// v1 single delete: the memory and its stored details go; what is shared or said survives.
// Details: for an entity, the facts and interests filed only under it (including lifecycle summaries written
// from them). Themes (patterns across memories), Messages (copies of what was said) and Revisions (replaced
// wordings) are only unlinked. Returns the ids and counts for the audit log.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
CALL (m) {
  OPTIONAL MATCH (m:Entity)-[:HAS_FACET|HAS_INTEREST]->(d:Memory {tenantId: $tenantId, userId: $userId})
  WHERE NOT EXISTS { (other:Memory:Entity)-[:HAS_FACET|HAS_INTEREST]->(d) WHERE other <> m }
  WITH m, collect(DISTINCT d) AS details
  RETURN [m] + details AS targets
}
CALL (targets) {
  UNWIND targets AS x
  MATCH (x)-[r]-()
  RETURN count(DISTINCT r) AS edges
}
// The messages they came from are withheld: their words must not come back quoted by another memory.
CALL (targets) {
  UNWIND targets AS x
  MATCH (x)-[:DERIVED_FROM]->(msg:Message {tenantId: $tenantId, userId: $userId})
  SET msg.withheld = true
}
WITH targets, edges, [x IN targets | x.id] AS ids
FOREACH (x IN targets | DETACH DELETE x)
WITH ids, edges
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1,
    u.injected = [i IN coalesce(u.injected, []) WHERE NOT i IN ids]
RETURN ids, size(ids) AS nodes, edges
