// Remembers what was put in the model's context for each person, so their next turn can reinforce it (spec 6.1),
// and counts their context builds for GET /diagnostics (retrievals, lastRetrievedAt). Several builds share this
// transaction (src/retrieval/injections.ts); each row names its own tenant and person, and for one person the
// later row's injection stands.
UNWIND $records AS r
MATCH (u:EndUser {tenantId: r.tenantId, userId: r.userId})
SET u.injected = r.ids, u.injectedAt = datetime(),
    u.retrievals = coalesce(u.retrievals, 0) + 1, u.lastRetrievedAt = datetime()
RETURN count(u) AS recorded
