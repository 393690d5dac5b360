// Remembers what was put in the model's context for this person, so the next turn can reinforce it (spec 6.1),
// and counts the person's context builds for GET /diagnostics (retrievals, lastRetrievedAt). $builds: the builds
// this write stands for (src/retrieval/injections.ts folds those that waited behind a write into one, the latest
// injection kept).
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.injected = $ids, u.injectedAt = datetime(),
    u.retrievals = coalesce(u.retrievals, 0) + $builds, u.lastRetrievedAt = datetime()
RETURN size(u.injected) AS injected
