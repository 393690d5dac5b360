// Test-only: a person's counts computed another way than the diagnostics queries, to check their answer.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN COUNT { (u)-[:HAS_DOMAIN]->(:Domain) } AS domains,
       COUNT { MATCH (e:Entity) WHERE e.tenantId = $tenantId AND e.userId = $userId } AS entities,
       COUNT { MATCH (:Entity {tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Facet) RETURN DISTINCT f } AS facets,
       COUNT { MATCH (m:Memory) WHERE m.tenantId = $tenantId AND m.userId = $userId } AS memories,
       COUNT { MATCH (a:Memory {tenantId: $tenantId, userId: $userId})-[r]->(b:Memory {tenantId: $tenantId, userId: $userId}) } AS relationships,
       COUNT { MATCH (e:Entity {tenantId: $tenantId, userId: $userId}) WHERE e.gravity >= 0.7 } AS highGravity,
       COUNT { (u)-[:SAID]->(:Message) } AS messages,
       COLLECT { MATCH (e:Entity {tenantId: $tenantId, userId: $userId}) RETURN e.kind } AS kinds,
       COLLECT { MATCH (m:Memory {tenantId: $tenantId, userId: $userId}) RETURN coalesce(m.processingCount, 0) } AS processingCounts,
       u.retrievals AS retrievals, valueType(u.retrievals) AS retrievalsType
