// A failed attempt ends the message's lease (src/graph/leases.ts): back to the queue after a backoff, or failed for
// good after the last attempt. The reason is an error class or code, never message content. A message that failed
// for good leaves the queue and is linked to its person, (u)-[:SAID]->(m), as a processed one is
// (messages/completeMessages). Nothing changes when the lease was taken over meanwhile.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
SET m.leaseLock = $lock
WITH m
WHERE m.status = 'processing' AND m.leaseHolder = $holder
SET m.status = CASE WHEN m.attempts >= $maxAttempts THEN 'failed' ELSE 'pending' END,
    m.nextAttemptAt = datetime() + duration({seconds: $backoffSeconds}),
    m.lastError = $reason, m.leaseHolder = null, m.leaseExpiresAt = null
WITH m
OPTIONAL MATCH (u:EndUser {tenantId: $tenantId, userId: m.userId})
WHERE m.status = 'failed'
FOREACH (_ IN CASE WHEN u IS NULL THEN [] ELSE [1] END | MERGE (u)-[:SAID]->(m))
RETURN m.status AS status
