// The holder is still working (called between tenants); no row means the lock was taken over as stale.
MATCH (l:JobLock {name: $name, owner: $owner})
SET l.heartbeatAt = datetime()
RETURN l.owner AS owner
