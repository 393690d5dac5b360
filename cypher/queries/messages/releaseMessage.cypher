// A failed attempt: back to the queue after a backoff, or failed for good after the last attempt.
// The reason is an error class or code, never message content.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
WHERE m.status = 'processing' AND m.claimedBy = $workerId
SET m.status = CASE WHEN m.attempts >= $maxAttempts THEN 'failed' ELSE 'pending' END,
    m.nextAttemptAt = datetime() + duration({seconds: $backoffSeconds}),
    m.lastError = $reason, m.claimedBy = null
RETURN m.status AS status
