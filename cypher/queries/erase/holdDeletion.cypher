// First statement of each erase batch: locks the record and proves this eraser still holds it. No row means
// the lease was lost to another eraser, and the whole transaction is rolled back.
MATCH (d:DeletionRecord {id: $requestId, tenantId: $tenantId})
SET d.heartbeatAt = datetime($now)
WITH d
WHERE d.status = 'running' AND d.claimedBy = $eraserId
RETURN d.id AS id
