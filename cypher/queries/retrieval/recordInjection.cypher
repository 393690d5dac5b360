// Remembers what was put in the model's context for this person, so the next turn can reinforce it (spec 6.1),
// and counts the person's context builds for GET /diagnostics (retrievals, lastRetrievedAt).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.injected = $ids, u.injectedAt = datetime(),
    u.retrievals = coalesce(u.retrievals, 0) + 1, u.lastRetrievedAt = datetime()
RETURN size(u.injected) AS injected
