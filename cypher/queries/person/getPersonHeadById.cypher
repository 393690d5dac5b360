// What retrieval reads about a person before anything else: the memory version (the in-process working set and
// the retrieval cache key on it), the topics they asked to leave alone, and whether an erase is open. Their
// entities come from the working set (src/retrieval/workingSet.ts), which that version keeps fresh.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN coalesce(u.memoryVersion, 0) AS version, [(u)-[:SUPPRESSES]->(s:Suppression) | s.topic] AS suppressed,
       u.erasing IS NOT NULL AS erasing
