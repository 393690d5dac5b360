// Fault tests: takes the write lock of a (test) tenant's node, to make another transaction wait for it.
MATCH (t:Tenant {id: $tenantId})
SET t.faultTouchedAt = datetime()
RETURN t.id AS id
