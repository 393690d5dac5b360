// Acknowledged messages are durable before the caller hears back (DESIGN.md write path, step 4).
// The text arrives already scrubbed of PII. No row when the person is unknown or being erased: the caller then
// creates the person (quota check) or refuses (409), and nothing was written.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
WHERE u.erasing IS NULL
UNWIND $messages AS msg
CREATE (m:Message {
  id: msg.id, tenantId: $tenantId, userId: $userId, speaker: msg.speaker, text: msg.text, source: msg.source,
  seq: msg.seq, speakerName: msg.speakerName, eventTime: datetime(msg.eventTime), receivedAt: datetime(), status: msg.status, attempts: 0,
  nextAttemptAt: datetime()
})
CREATE (u)-[:SAID]->(m)
RETURN m.id AS id, m.receivedAt AS receivedAt
