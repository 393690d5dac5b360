// A person's memory graph, two hops out from them: domains, entities, and what hangs under the entities.
// Set :param tenantId => '…' and :param userId => '…' first.
MATCH path = (u:EndUser {tenantId: $tenantId, userId: $userId})-[:HAS_DOMAIN]->(:Domain)-[:HAS_ENTITY]->(:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST*0..1]->()
RETURN path
LIMIT 300
