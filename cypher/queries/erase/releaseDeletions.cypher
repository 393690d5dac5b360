// cross-tenant: an eraser that stops releases the lease of every open erase it holds, whichever tenant's, so another
// process (or this one after a restart) takes them up at once instead of waiting for the leases to expire.
MATCH (d:DeletionRecord)
WHERE d.status IN ['pending', 'running'] AND d.leaseHolder = $holder
SET d.leaseLock = $lock
WITH d
WHERE d.leaseHolder = $holder
SET d.leaseHolder = null, d.leaseExpiresAt = null
RETURN count(d) AS released
