// What changed in a person's memory after the version the in-process working set holds (src/retrieval/workingSet.ts):
// the ids of the memories and the processed messages (as retrieval/workingSetMessages reads them: usually one or
// two, and new) each write stamped with the version it bumped to (rev, ingest/settleRevision), read through the
// revision indexes instead of a scan of everything the person has. Also the version of the last
// deletion (a single delete, an erase, the person created again): past the version held, the set is read whole.
// The index hints: the planner may otherwise pick the owner index and filter, a scan of everything the person has.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN coalesce(u.lastDeletionVersion, 0) AS lastDeletionVersion,
       COLLECT {
         MATCH (m:Memory {tenantId: $tenantId, userId: $userId}) USING INDEX m:Memory(tenantId, userId, rev)
         WHERE m.rev > $since AND NOT m:Domain
         RETURN m.id
       } AS memoryIds,
       COLLECT {
         MATCH (n:Message {tenantId: $tenantId, userId: $userId}) USING INDEX n:Message(tenantId, userId, rev)
         WHERE n.rev > $since
         RETURN {id: n.id, text: n.text, eventMs: n.eventTime.epochMillis}
       } AS messages
