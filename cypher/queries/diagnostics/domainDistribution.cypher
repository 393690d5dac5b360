// GET /diagnostics/{user_id}: how a person's memory spreads over domains (names and counts only). A facet, theme
// or interest counts for the domain it records (its `domain` property); one without counts for the first domain
// (by name) of the entity it hangs under, else for none (null). Entities count for every domain they sit in.
CALL () {
  MATCH (:EndUser {tenantId: $tenantId, userId: $userId})-[:HAS_DOMAIN]->(d:Memory:Domain)
  WHERE d.tenantId = $tenantId AND d.userId = $userId
  RETURN d.name AS domain, COUNT { (d)-[:HAS_ENTITY]->(e:Entity) WHERE e.tenantId = $tenantId AND e.userId = $userId } AS entities,
         0 AS memories
  UNION ALL
  MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
  WHERE m:Facet OR m:Theme OR m:Interest
  WITH CASE WHEN m.domain IS NOT NULL THEN m.domain ELSE COLLECT {
    MATCH (d:Memory:Domain)-[:HAS_ENTITY]->(:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
    WHERE d.tenantId = $tenantId AND d.userId = $userId
    RETURN d.name ORDER BY d.name
  }[0] END AS domain
  RETURN domain, 0 AS entities, count(*) AS memories
}
WITH domain, sum(entities) AS entities, sum(memories) AS memories
RETURN domain, entities, memories
ORDER BY memories DESC, domain
