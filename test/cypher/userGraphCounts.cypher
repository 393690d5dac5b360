// Counts of one person's nodes by kind.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
RETURN count(m) AS memories, count(CASE WHEN m:Facet THEN 1 END) AS facts, count(CASE WHEN m:Entity THEN 1 END) AS entities,
       count(CASE WHEN m:Domain THEN 1 END) AS domains, count(CASE WHEN m:Interest THEN 1 END) AS interests,
       collect(CASE WHEN m:Entity THEN m.name END) AS entityNames
