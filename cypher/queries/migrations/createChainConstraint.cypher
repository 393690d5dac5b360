// The migration runner's own bootstrap: one record per chain and version.
CREATE CONSTRAINT schema_migration_version IF NOT EXISTS FOR (m:SchemaMigration) REQUIRE (m.chain, m.version) IS UNIQUE
