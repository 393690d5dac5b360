// First statement of the transaction that stores messages' memories: locks the messages and proves this worker
// still holds their claims. A missing row means a claim was lost, and the whole transaction is rolled back.
UNWIND $messageIds AS messageId
MATCH (m:Message {id: messageId, tenantId: $tenantId})
SET m.claimToken = $workerId
WITH m WHERE m.status = 'processing' AND m.claimedBy = $workerId
RETURN m.id AS id
