// cross-tenant: the queue is shared by all tenants.
// Messages whose worker died mid-way (claim older than the lease) go back to the queue.
// Each message's write lock is taken first and its state read again under it: a worker committing the message
// right now holds that lock, and once it has committed the message is done and must stay so (a plain
// MATCH … WHERE … SET would decide on the state read before the lock and put a finished message back).
MATCH (m:Message)
WHERE m.status = 'processing' AND m.claimedAt < datetime() - duration({seconds: $leaseSeconds})
SET m.claimToken = $token
WITH m
WHERE m.status = 'processing' AND m.claimedAt < datetime() - duration({seconds: $leaseSeconds})
SET m.status = 'pending', m.nextAttemptAt = datetime(), m.claimedBy = null
RETURN count(m) AS reclaimed
