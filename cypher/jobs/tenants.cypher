// cross-tenant: lists tenant ids only, so the scheduler can loop over tenants.
// Tenants that serve at least one person: the scheduler runs every job once per tenant, with its own profile.
MATCH (t:Tenant)
WHERE EXISTS { (t)-[:SERVES]->(:EndUser) }
RETURN t.id AS tenantId
ORDER BY tenantId
