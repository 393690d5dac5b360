// Fails with a constraint violation while another runner holds the lock for this chain.
CREATE (l:MigrationLock {chain: $chain, owner: $owner, acquiredAt: datetime()})
RETURN l.owner AS owner
