// Test clean-up: a test chain's records, lease and marker nodes.
OPTIONAL MATCH (m:SchemaMigration {chain: $chain})
OPTIONAL MATCH (l:Lease {name: 'migrations/' + $chain})
OPTIONAL MATCH (x:MigTest {chain: $chain})
DETACH DELETE m, l, x
RETURN count(*) AS deleted
