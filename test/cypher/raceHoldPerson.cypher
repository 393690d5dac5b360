// Erase race test: takes a person's locks in a transaction the test keeps open, in the order every erase takes
// them (erase/lockPerson): the inbox's, then the person's.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
MERGE (inbox:Inbox {tenantId: $tenantId, userId: $userId})
SET inbox.locked = true
WITH u
SET u.raceHeld = true
RETURN u.userId AS userId
