// First statement of each erase transaction, the fence of the erase's lease (src/graph/leases.ts): locks the
// record and proves this eraser still holds it. No row means the lease was taken over by another eraser, and the
// whole transaction is rolled back.
MATCH (d:DeletionRecord {id: $requestId, tenantId: $tenantId})
SET d.leaseLock = $lock
WITH d
WHERE d.status = 'running' AND d.leaseHolder = $holder
RETURN d.id AS id
