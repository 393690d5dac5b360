// The messages before each of $messageIds in its person's conversation, nearest first: by event time, then arrival,
// within the six hours before, at most $count. The analysis reads them so that a short answer ("Margherita,
// obviously!") keeps the question it answers ("What's your favourite pizza?"), and so that a "she" with no one named
// before it in the message can mean the one person the last messages named. Uses the (tenantId, userId, eventTime) index.
UNWIND $messageIds AS messageId
// By its id (hinted: planned without, it scanned the person's messages for each id).
MATCH (m:Message {id: messageId})
USING INDEX m:Message(id)
WHERE m.tenantId = $tenantId AND m.userId = $userId
// A COLLECT subquery keeps the order of its rows: nearest first. (Ordered in its RETURN instead, Neo4j 2026.08
// returned the session's first messages.)
RETURN messageId, COLLECT {
  // Hinted too: on a busy database the planner sometimes preferred the (tenantId, userId) index and filtered by time.
  MATCH (p:Message {tenantId: m.tenantId, userId: m.userId})
  USING INDEX p:Message(tenantId, userId, eventTime)
  WHERE p.eventTime <= m.eventTime AND p.eventTime >= m.eventTime - duration('PT6H') AND p.id <> m.id
    AND (p.eventTime < m.eventTime OR p.receivedAt < m.receivedAt OR (p.receivedAt = m.receivedAt AND p.seq < m.seq))
  WITH p
  ORDER BY p.eventTime DESC, p.receivedAt DESC, p.seq DESC
  LIMIT $count
  RETURN p {.id, .text, .speaker, .speakerName}
} AS before
