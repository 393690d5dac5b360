MATCH (l:MigrationLock {chain: $chain, owner: $owner})
DELETE l
RETURN count(*) AS released
