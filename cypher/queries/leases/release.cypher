// The holder of a named lease is done: the lease is free at once (the node stays, for the next holder).
MATCH (l:Lease {name: $name})
SET l.leaseLock = $lock
WITH l
WHERE l.leaseHolder = $holder
SET l.leaseHolder = null, l.leaseExpiresAt = null
RETURN count(l) AS released
