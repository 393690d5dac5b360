// Writing to the tenant takes its lock, so concurrent first sights of new users are counted one at a time.
MATCH (t:Tenant {id: $tenantId})
SET t.usersCheckedAt = datetime()
RETURN COUNT { (t)-[:SERVES]->(:EndUser) } AS users
