// cross-tenant: the queue is shared by all tenants.
// Messages whose worker died mid-way (claim older than the lease) go back to the queue.
MATCH (m:Message)
WHERE m.status = 'processing' AND m.claimedAt < datetime() - duration({seconds: $leaseSeconds})
SET m.status = 'pending', m.nextAttemptAt = datetime(), m.claimedBy = null
RETURN count(m) AS reclaimed
