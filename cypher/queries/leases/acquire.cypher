// A named lease (src/graph/leases.ts): taken when it has no holder, is already this holder's, or has expired (its
// holder died: taken over). One node per name (constraint lease_name, made by the migration runner's bootstrap);
// the leaseLock write takes the node's write lock, and the lease is read again under it. No row: another holds it.
MERGE (l:Lease {name: $name})
SET l.leaseLock = $lock
WITH l
WHERE l.leaseHolder IS NULL OR l.leaseHolder = $holder OR l.leaseExpiresAt < datetime($now)
SET l.leaseHolder = $holder, l.leaseExpiresAt = datetime($expiresAt)
RETURN l.leaseHolder AS holder
