// cross-tenant: the erase queue is shared by all tenants; every claimed record carries its own tenantId and userId.
// Claims the oldest open erase this eraser may work on: one it already holds, one nobody holds, or one whose
// holder's lease ran out (a crashed or stopped process). The record's write lock is taken, then it is read again,
// so two erasers never both claim it. $requestId (optional) limits the claim to one record.
MATCH (d:DeletionRecord)
WHERE d.status IN ['pending', 'running'] AND ($requestId IS NULL OR d.id = $requestId)
  AND (d.claimedBy = $eraserId OR d.claimedBy IS NULL OR d.leaseUntil IS NULL OR d.leaseUntil < datetime($now))
WITH d ORDER BY d.requestedAt LIMIT 1
SET d.claimToken = $token
WITH d
WHERE d.status IN ['pending', 'running']
  AND (d.claimedBy = $eraserId OR d.claimedBy IS NULL OR d.leaseUntil IS NULL OR d.leaseUntil < datetime($now))
SET d.status = 'running', d.startedAt = coalesce(d.startedAt, datetime($now)),
    d.claimedBy = $eraserId, d.leaseUntil = datetime($leaseUntil)
RETURN d {.id, .tenantId, .userId, .routeSet, .requestedBy} AS claim
