// Remembers what was put in the model's context for each person, so their next turn can reinforce it (spec 6.1),
// and counts their context builds for GET /diagnostics (retrievals, lastRetrievedAt). Several builds share this
// transaction (src/retrieval/injections.ts); each row names its own tenant and person, the last injection of the
// builds it stands for, and how many builds that was.
UNWIND $records AS r
MATCH (u:EndUser {tenantId: r.tenantId, userId: r.userId})
SET u.injected = r.ids, u.injectedAt = datetime(),
    u.retrievals = coalesce(u.retrievals, 0) + r.builds, u.lastRetrievedAt = datetime()
RETURN count(u) AS recorded
