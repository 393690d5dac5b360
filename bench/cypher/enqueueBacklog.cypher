// The benchmark's backlog: pending messages stored in one transaction, as acknowledgements store them
// (messages/saveMessages), for people who exist already, so the worker's pace is measured without the
// acknowledgements competing with it. msg.seq keeps each person's messages in order (they share receivedAt).
// Like an acknowledgement, it does not link the message to its person: the worker does, when it processes it.
UNWIND $messages AS msg
MATCH (u:EndUser {tenantId: $tenantId, userId: msg.userId})
CREATE (m:Message {
  id: randomUUID(), tenantId: $tenantId, userId: msg.userId, speaker: 'user', text: msg.text, source: 'ingest_v2',
  seq: msg.seq, speakerName: null, eventTime: datetime(), receivedAt: datetime(), status: 'pending', attempts: 0,
  nextAttemptAt: datetime(), idempotencyKey: null, idempotencyHash: null
})
RETURN count(m) AS stored
