// First statement of the transaction that stores messages' memories, the fence of their leases
// (src/graph/leases.ts): locks the messages and proves this worker still holds them. A missing row means a lease
// was taken over, and the whole transaction is rolled back.
UNWIND $messageIds AS messageId
MATCH (m:Message {id: messageId, tenantId: $tenantId})
SET m.leaseLock = $lock
WITH m WHERE m.status = 'processing' AND m.leaseHolder = $holder
RETURN m.id AS id
