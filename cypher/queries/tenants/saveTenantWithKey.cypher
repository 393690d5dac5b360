// A tenant and its first key in one transaction. signupEmail is unique: a second signup with it fails.
CREATE (t:Tenant {
  id: $tenant.id, name: $tenant.name, routeSet: $tenant.routeSet, tier: $tenant.tier, status: $tenant.status,
  createdAt: datetime(), trialEnds: CASE WHEN $tenant.trialEnds IS NULL THEN null ELSE datetime($tenant.trialEnds) END,
  signupEmail: $tenant.signupEmail, companyName: $tenant.companyName, contactName: $tenant.contactName
})
CREATE (t)-[:HAS_KEY]->(k:ApiKey {id: $key.id, hash: $key.hash, prefix: $key.prefix, label: $key.label, createdAt: datetime()})
RETURN t.id AS tenantId, k.id AS keyId, toString(k.createdAt) AS createdAt
