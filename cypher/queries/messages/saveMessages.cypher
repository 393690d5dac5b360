// Acknowledged messages are durable before the caller hears back (DESIGN.md write path, step 4). Several
// requests' messages may share this transaction (group commit, src/ingest/groupCommit.ts): each request's go to
// its own person, matched by the request's tenantId and userId. The text arrives already scrubbed of PII.
// A request whose person is unknown or being erased stores nothing and gets an empty list: its caller then creates
// the person (quota check) or refuses (409).
//
// Locks. The acknowledgement takes the write lock of the person's inbox, (:Inbox {tenantId, userId}), made at the
// person's first acknowledgement, and only then reads the person and their erase marker. An erase's opening
// transaction takes the same lock first (erase/lockPerson), so an acknowledgement either commits before the erase
// opens (its message is counted and erased with the person) or waits for it, sees the marker and stores nothing.
// The person's own node is not written: the worker holds its lock while it writes the person's memories
// (tenants/lockEndUserCountMemories), and an acknowledgement must not wait for that (issue 7). A pending message is
// its person's by tenantId and userId; the worker links it, (u)-[:SAID]->(m), in the transaction that processes it
// (messages/completeMessages, or messages/releaseMessage when it fails for good). A message stored already processed
// (status 'done': the synchronous /ingest, whose transaction writes the person's memories anyway) is linked here.
UNWIND $requests AS req
OPTIONAL MATCH (seen:EndUser {tenantId: req.tenantId, userId: req.userId})
CALL (seen, req) {
  WITH seen, req
  WHERE seen IS NOT NULL
  MERGE (inbox:Inbox {tenantId: req.tenantId, userId: req.userId})
  // A write of the value it already holds (after the first): takes the inbox's write lock, changes nothing.
  SET inbox.locked = true
  RETURN count(inbox) AS locked
}
// Read again under the lock: an erase that opened (or ended) meanwhile is seen now.
OPTIONAL MATCH (u:EndUser {tenantId: req.tenantId, userId: req.userId})
CALL (req, locked, u) {
  // The person was erased between the first read and the lock: the inbox this statement may have made goes too.
  WITH req, locked, u
  WHERE locked > 0 AND u IS NULL
  OPTIONAL MATCH (stale:Inbox {tenantId: req.tenantId, userId: req.userId})
  DETACH DELETE stale
  RETURN count(*) AS cleared
}
WITH req, CASE WHEN locked > 0 AND u.erasing IS NULL THEN u END AS u
CALL (u, req) {
  WITH u, req
  WHERE u IS NOT NULL
  UNWIND req.messages AS msg
  // MERGE, not CREATE: a statement tried again after its answer was lost (Graph.once) may find its first try
  // committed, and then answers with what that stored instead of breaking the id's uniqueness.
  MERGE (m:Message {id: msg.id, tenantId: req.tenantId, userId: req.userId})
  ON CREATE SET m.speaker = msg.speaker, m.text = msg.text, m.source = msg.source, m.seq = msg.seq,
    m.speakerName = msg.speakerName, m.eventTime = datetime(msg.eventTime), m.receivedAt = datetime(), m.status = msg.status,
    m.attempts = 0, m.nextAttemptAt = datetime(), m.idempotencyKey = req.idempotencyKey, m.idempotencyHash = req.idempotencyHash
  FOREACH (_ IN CASE WHEN msg.status = 'done' THEN [1] ELSE [] END | MERGE (u)-[:SAID]->(m))
  RETURN collect({id: m.id, receivedAt: m.receivedAt}) AS stored
}
RETURN req.key AS key, stored
