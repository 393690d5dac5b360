// A runner that died while holding the lock leaves it behind; after $staleSeconds anyone may take it.
MATCH (l:MigrationLock {chain: $chain})
WHERE l.acquiredAt < datetime() - duration({seconds: $staleSeconds})
DELETE l
RETURN count(*) AS broken
