// The ids of everything the person said (the copies kept as :Message), for the in-process working set
// (src/retrieval/workingSet.ts): messages never change once stored, so only ids it does not hold yet are read in
// full (retrieval/workingSetMessages), and ids gone (an erase under way) are dropped.
MATCH (n:Message {tenantId: $tenantId, userId: $userId})
RETURN n.id AS id
