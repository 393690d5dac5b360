// First sights of end users of one tenant, those arriving together in one statement (group commit in
// src/tenants/quotas.ts): the SET locks the tenant once, then each person is counted and created in turn, only while
// the tenant is under the row's maxUsers (each CALL sees the people the earlier rows created). Under the lock for one
// round trip and one commit however many arrive at once. A person's memory version starts at the creation time in
// ms, not at 0: a person erased and created again must never reuse a version of their earlier self (caches key on it);
// as a deletion at that version, it tells the caches that what they hold of an earlier self is gone.
MATCH (t:Tenant {id: $tenantId})
SET t.usersCheckedAt = datetime()
WITH t
UNWIND $people AS person
CALL (t, person) {
  WITH t, person, EXISTS { MATCH (:EndUser {tenantId: $tenantId, userId: person.userId}) } AS existed,
       COUNT { (t)-[:SERVES]->(:EndUser) } AS users
  CALL (t, person, existed, users) {
    WITH t, person, existed, users
    WHERE NOT existed AND users < person.maxUsers
    MERGE (u:EndUser {tenantId: $tenantId, userId: person.userId})
    ON CREATE SET u.createdAt = datetime(), u.memoryVersion = timestamp()
    MERGE (t)-[:SERVES]->(u)
    RETURN count(u) AS created
  }
  RETURN existed, users, created
}
RETURN person.at AS at, existed, users, created > 0 AS created
