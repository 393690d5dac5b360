// Test clean-up: a test chain's records, lock and marker nodes.
OPTIONAL MATCH (m:SchemaMigration {chain: $chain})
OPTIONAL MATCH (l:MigrationLock {chain: $chain})
OPTIONAL MATCH (x:MigTest {chain: $chain})
DETACH DELETE m, l, x
RETURN count(*) AS deleted
