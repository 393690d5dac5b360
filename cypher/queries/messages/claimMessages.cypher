// cross-tenant: the queue is shared; every claimed message carries its own tenantId and userId.
// Claims messages under the lease rule (src/graph/leases.ts): the oldest of up to $users people, at most $perUser
// each, among the pending messages that are due, the messages in processing whose lease has expired (their worker
// died: taken over, as another attempt), and this holder's own messages in processing that it does not have in hand
// ($inHand): a claim of its own whose answer was lost (Neo4j went away as it committed), taken back without counting
// a second attempt. A person with a message under another live lease, or one in hand, is skipped (one person's
// messages are processed in order, one batch at a time). Safe with several replicas: each message's write lock is
// taken, then its state read again.
CALL () {
  MATCH (m:Message)
  WHERE m.status = 'pending' AND m.nextAttemptAt <= datetime()
  RETURN m
  UNION
  MATCH (m:Message)
  WHERE m.status = 'processing' AND (m.leaseExpiresAt < datetime($now) OR (m.leaseHolder = $holder AND NOT m.id IN $inHand))
  RETURN m
}
WITH m ORDER BY m.receivedAt, m.seq
WITH m.tenantId AS tenantId, m.userId AS userId, collect(m)[0..toInteger($perUser)] AS batch
WHERE NOT EXISTS {
  MATCH (p:Message {tenantId: tenantId, userId: userId, status: 'processing'})
  WHERE p.leaseExpiresAt >= datetime($now) AND (p.leaseHolder <> $holder OR p.id IN $inHand)
}
WITH batch LIMIT toInteger($users)
UNWIND batch AS m
SET m.leaseLock = $lock
WITH m, m.status = 'processing' AND m.leaseHolder <> $holder AS takenOver, m.status = 'processing' AND m.leaseHolder = $holder AS lost
WHERE m.status = 'pending' OR (m.status = 'processing' AND (m.leaseExpiresAt < datetime($now) OR (lost AND NOT m.id IN $inHand)))
SET m.status = 'processing', m.leaseHolder = $holder, m.leaseExpiresAt = datetime($expiresAt),
    m.attempts = m.attempts + CASE WHEN lost THEN 0 ELSE 1 END
RETURN m {.id, .tenantId, .userId, .speaker, .text, .attempts, .source, eventTime: m.eventTime, speakerName: m.speakerName} AS message,
       takenOver
ORDER BY m.receivedAt, m.seq
