// cross-tenant: the erase queue is shared by all tenants; every claimed record carries its own tenantId and userId.
// Claims the oldest open erase under the lease rule (src/graph/leases.ts): one this eraser holds already, one nobody
// holds, or one whose lease has expired (a crashed or stopped process: taken over). The record's write lock is
// taken, then it is read again, so two erasers never both claim it. $requestId (optional) limits the claim to one
// record.
MATCH (d:DeletionRecord)
WHERE d.status IN ['pending', 'running'] AND ($requestId IS NULL OR d.id = $requestId)
  AND (d.leaseHolder IS NULL OR d.leaseHolder = $holder OR d.leaseExpiresAt < datetime($now))
WITH d ORDER BY d.requestedAt LIMIT 1
SET d.leaseLock = $lock
WITH d
WHERE d.status IN ['pending', 'running']
  AND (d.leaseHolder IS NULL OR d.leaseHolder = $holder OR d.leaseExpiresAt < datetime($now))
SET d.status = 'running', d.startedAt = coalesce(d.startedAt, datetime($now)),
    d.leaseHolder = $holder, d.leaseExpiresAt = datetime($expiresAt)
RETURN d {.id, .tenantId, .userId, .routeSet, .requestedBy} AS claim
