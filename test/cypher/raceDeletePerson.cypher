// Erase race test: deletes everything of a person, their node and inbox last, as a completing erase does, in
// the held transaction.
MATCH (n {tenantId: $tenantId, userId: $userId})
WHERE NOT n:EndUser AND NOT n:Inbox
DETACH DELETE n
WITH count(*) AS held
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (inbox:Inbox {tenantId: $tenantId, userId: $userId})
DETACH DELETE u, inbox
RETURN held
