// Appends one migration to the chain: (previous)-[:MIGRATED_TO]->(this).
CREATE (m:SchemaMigration {
  chain: $chain, version: $version, description: $description, checksum: $checksum,
  appliedAt: datetime(), appliedBy: $owner, executionMs: $executionMs
})
WITH m
OPTIONAL MATCH (prev:SchemaMigration {chain: $chain, version: $previous})
FOREACH (p IN CASE WHEN prev IS NULL THEN [] ELSE [prev] END | CREATE (p)-[:MIGRATED_TO]->(m))
RETURN m.version AS version
