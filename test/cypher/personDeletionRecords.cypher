// A person's deletion records with every property (lease and claim included), oldest first.
MATCH (d:DeletionRecord {tenantId: $tenantId, userId: $userId})
RETURN properties(d) AS record
ORDER BY d.requestedAt
