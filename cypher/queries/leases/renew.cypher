// The holder of a named lease is still at work: its expiry moves on. No row: the lease was taken over.
MATCH (l:Lease {name: $name})
SET l.leaseLock = $lock
WITH l
WHERE l.leaseHolder = $holder
SET l.leaseExpiresAt = datetime($expiresAt)
RETURN l.leaseHolder AS holder
