// Remembers what was put in the model's context for this person, so the next turn can reinforce it (spec 6.1).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.injected = $ids, u.injectedAt = datetime()
RETURN size(u.injected) AS injected
