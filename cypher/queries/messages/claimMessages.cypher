// cross-tenant: the queue is shared; every claimed message carries its own tenantId and userId.
// Claims messages under the lease rule (src/graph/leases.ts): the oldest of up to $users people, at most $perUser
// each, among the pending messages that are due and the messages in processing whose lease has expired (their
// worker died: taken over, as another attempt). A person with a message under a live lease is skipped (one person's
// messages are processed in order, one batch at a time). Safe with several replicas: each message's write lock is
// taken, then its state read again.
CALL () {
  MATCH (m:Message)
  WHERE m.status = 'pending' AND m.nextAttemptAt <= datetime()
  RETURN m
  UNION
  MATCH (m:Message)
  WHERE m.status = 'processing' AND m.leaseExpiresAt < datetime($now)
  RETURN m
}
WITH m ORDER BY m.receivedAt, m.seq
WITH m.tenantId AS tenantId, m.userId AS userId, collect(m)[0..toInteger($perUser)] AS batch
WHERE NOT EXISTS {
  MATCH (p:Message {tenantId: tenantId, userId: userId, status: 'processing'})
  WHERE p.leaseExpiresAt >= datetime($now)
}
WITH batch LIMIT toInteger($users)
UNWIND batch AS m
SET m.leaseLock = $lock
WITH m, m.status = 'processing' AS takenOver
WHERE m.status = 'pending' OR (m.status = 'processing' AND m.leaseExpiresAt < datetime($now))
SET m.status = 'processing', m.leaseHolder = $holder, m.leaseExpiresAt = datetime($expiresAt), m.attempts = m.attempts + 1
RETURN m {.id, .tenantId, .userId, .speaker, .text, .attempts, .source, eventTime: m.eventTime, speakerName: m.speakerName} AS message,
       takenOver
ORDER BY m.receivedAt, m.seq
