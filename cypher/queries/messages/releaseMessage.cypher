// A failed attempt: back to the queue after a backoff, or failed for good after the last attempt.
// The reason is an error class or code, never message content. A message that failed for good leaves the queue
// and is linked to its person, (u)-[:SAID]->(m), as a processed one is (messages/completeMessages).
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
WHERE m.status = 'processing' AND m.claimedBy = $workerId
SET m.status = CASE WHEN m.attempts >= $maxAttempts THEN 'failed' ELSE 'pending' END,
    m.nextAttemptAt = datetime() + duration({seconds: $backoffSeconds}),
    m.lastError = $reason, m.claimedBy = null
WITH m
OPTIONAL MATCH (u:EndUser {tenantId: $tenantId, userId: m.userId})
WHERE m.status = 'failed'
FOREACH (_ IN CASE WHEN u IS NULL THEN [] ELSE [1] END | MERGE (u)-[:SAID]->(m))
RETURN m.status AS status
