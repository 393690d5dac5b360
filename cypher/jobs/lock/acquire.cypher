// Fails with a constraint violation while another process holds the lock (uniqueness on :JobLock(name), V0003).
// Lock times are wall-clock (datetime()): they are about processes, not about the jobs' injected $now.
CREATE (l:JobLock {name: $name, owner: $owner, acquiredAt: datetime(), heartbeatAt: datetime()})
RETURN l.owner AS owner
