// The recorded chain of one test chain, in link order.
MATCH (m:SchemaMigration {chain: $chain})
OPTIONAL MATCH (prev:SchemaMigration {chain: $chain})-[:MIGRATED_TO]->(m)
OPTIONAL MATCH (x:MigTest {chain: $chain, step: m.version})
RETURN m.version AS version, m.checksum AS checksum, prev.version AS previous, count(x) AS markers
ORDER BY m.version
