// First sight of an end user, in one statement so that the tenant's lock is held for one round trip: the SET
// locks the tenant, then its users are counted and the person created only while under $maxUsers (concurrent
// first sights are counted one at a time). A person's memory version starts at the creation time in ms, not at
// 0: a person erased and created again must never reuse a version of their earlier self (caches key on it).
MATCH (t:Tenant {id: $tenantId})
SET t.usersCheckedAt = datetime()
WITH t, EXISTS { MATCH (:EndUser {tenantId: $tenantId, userId: $userId}) } AS existed, COUNT { (t)-[:SERVES]->(:EndUser) } AS users
CALL (t, existed, users) {
  WITH t, existed, users
  WHERE NOT existed AND users < $maxUsers
  MERGE (u:EndUser {tenantId: $tenantId, userId: $userId})
  ON CREATE SET u.createdAt = datetime(), u.memoryVersion = timestamp()
  MERGE (t)-[:SERVES]->(u)
  RETURN count(u) AS created
}
RETURN existed, users, created > 0 AS created
