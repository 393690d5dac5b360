// Acknowledged messages are durable before the caller hears back (DESIGN.md write path, step 4). Several
// requests' messages may share this transaction (group commit, src/ingest/groupCommit.ts): each request's go to
// its own person, matched by the request's tenantId and userId. The text arrives already scrubbed of PII.
// A request whose person is unknown or being erased stores nothing and gets an empty list: its caller then creates
// the person (quota check) or refuses (409).
UNWIND $requests AS req
OPTIONAL MATCH (u:EndUser {tenantId: req.tenantId, userId: req.userId})
WHERE u.erasing IS NULL
CALL (u, req) {
  WITH u, req
  WHERE u IS NOT NULL
  UNWIND req.messages AS msg
  CREATE (m:Message {
    id: msg.id, tenantId: req.tenantId, userId: req.userId, speaker: msg.speaker, text: msg.text, source: msg.source,
    seq: msg.seq, speakerName: msg.speakerName, eventTime: datetime(msg.eventTime), receivedAt: datetime(), status: msg.status,
    attempts: 0, nextAttemptAt: datetime(), idempotencyKey: req.idempotencyKey, idempotencyHash: req.idempotencyHash
  })
  CREATE (u)-[:SAID]->(m)
  RETURN collect({id: m.id, receivedAt: m.receivedAt}) AS stored
}
RETURN req.key AS key, stored
