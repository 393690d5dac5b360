// Last statement of a transaction that wrote a person's memories, after the version bump (tenants/
// lockEndUserCountMemories: the person's lock is held until commit). Each write statement of the transaction marked
// what it changed with rev -1 ("changed here, version not known yet": the lock is taken last, so acknowledgements
// wait less); they now carry the version the transaction ends at, and so do the messages it processed. Retrieval's
// in-process caches read only the rows past the version they hold (retrieval/memoryChanges, retrieval/vectorChanges).
// Under the lock, versions follow commit order: a reader that saw version V has seen every row of rev <= V. The
// index hints: planned without them, both lookups scanned everything the person has.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CALL (u) {
  MATCH (m:Memory {tenantId: $tenantId, userId: $userId, rev: -1})
  USING INDEX m:Memory(tenantId, userId, rev)
  SET m.rev = u.memoryVersion
  RETURN count(m) AS memories
}
CALL (u) {
  UNWIND $messageIds AS id
  MATCH (n:Message {id: id})
  USING INDEX n:Message(id)
  WHERE n.tenantId = $tenantId AND n.userId = $userId
  SET n.rev = u.memoryVersion
  RETURN count(n) AS messages
}
RETURN memories, messages
