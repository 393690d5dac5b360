MATCH (m:SchemaMigration {chain: $chain})
RETURN m.version AS version, m.description AS description, m.checksum AS checksum, m.appliedAt AS appliedAt
ORDER BY m.version
