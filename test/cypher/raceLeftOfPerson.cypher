// Erase race test: what is left of a person: their node and their inbox.
RETURN COUNT { MATCH (u:EndUser {tenantId: $tenantId, userId: $userId}) } AS endUsers,
       COUNT { MATCH (i:Inbox {tenantId: $tenantId, userId: $userId}) } AS inboxes
