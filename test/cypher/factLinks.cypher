// Debugging aid: how a person's facts are linked.
MATCH (f:Facet {tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (x)-[r]-(f)
RETURN f.id AS id, collect([type(r), labels(x), x.userId, x.name]) AS links
