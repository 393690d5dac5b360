// The message before each of $messageIds in its person's conversation: by event time, then arrival, within the
// six hours before. The analysis reads it so that a short answer ("Margherita, obviously!") keeps the question it
// answers ("What's your favourite pizza?"). Uses the (tenantId, userId, eventTime) index.
UNWIND $messageIds AS messageId
// By its id (hinted: planned without, it scanned the person's messages for each id).
MATCH (m:Message {id: messageId})
USING INDEX m:Message(id)
WHERE m.tenantId = $tenantId AND m.userId = $userId
CALL (m) {
  // Hinted too: on a busy database the planner sometimes preferred the (tenantId, userId) index and filtered by time.
  MATCH (p:Message {tenantId: m.tenantId, userId: m.userId})
  USING INDEX p:Message(tenantId, userId, eventTime)
  WHERE p.eventTime <= m.eventTime AND p.eventTime >= m.eventTime - duration('PT6H') AND p.id <> m.id
    AND (p.eventTime < m.eventTime OR p.receivedAt < m.receivedAt OR (p.receivedAt = m.receivedAt AND p.seq < m.seq))
  RETURN p
  ORDER BY p.eventTime DESC, p.receivedAt DESC, p.seq DESC
  LIMIT 1
}
RETURN messageId, p.text AS text, p.speaker AS speaker, p.speakerName AS speakerName
