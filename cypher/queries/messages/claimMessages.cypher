// cross-tenant: the queue is shared; every claimed message carries its own tenantId and userId.
// Claims the oldest pending messages of up to $users people, at most $perUser each, skipping people who have
// a message in processing (one person's messages are processed in order, one at a time).
// Safe with several replicas: each message's write lock is taken, then its status read again.
MATCH (m:Message)
WHERE m.status = 'pending' AND m.nextAttemptAt <= datetime()
WITH m ORDER BY m.receivedAt, m.seq
WITH m.tenantId AS tenantId, m.userId AS userId, collect(m)[0..toInteger($perUser)] AS batch
WHERE NOT EXISTS { MATCH (p:Message {tenantId: tenantId, userId: userId, status: 'processing'}) }
WITH batch LIMIT toInteger($users)
UNWIND batch AS m
SET m.claimToken = $token
WITH m WHERE m.status = 'pending'
SET m.status = 'processing', m.claimedBy = $workerId, m.claimedAt = datetime(), m.attempts = m.attempts + 1
RETURN m {.id, .tenantId, .userId, .speaker, .text, .attempts, .source, eventTime: m.eventTime, speakerName: m.speakerName} AS message
ORDER BY m.receivedAt, m.seq
