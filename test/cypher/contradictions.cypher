MATCH (n:Facet {tenantId: $tenantId, userId: $userId})-[:CONTRADICTS]->(o:Facet)
RETURN n.summary AS newer, o.summary AS older
