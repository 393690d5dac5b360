// First statement of the transaction that stores a message's memories: locks the message and proves this
// worker still holds the claim. No row means the claim was lost, and the whole transaction is rolled back.
MATCH (m:Message {id: $messageId, tenantId: $tenantId})
SET m.claimToken = $workerId
WITH m WHERE m.status = 'processing' AND m.claimedBy = $workerId
RETURN m.id AS id
