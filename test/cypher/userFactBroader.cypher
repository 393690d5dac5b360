// A person's facts with the broader words they are also searched by (src/lexical/broader.ts).
MATCH (:Entity {tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Facet)
RETURN f.id AS id, f.summary AS summary, f.broader AS broader
ORDER BY f.createdAt
