// The migration runner's own bootstrap: one lock node per chain (idempotent; run before taking the lock).
CREATE CONSTRAINT migration_lock_chain IF NOT EXISTS FOR (l:MigrationLock) REQUIRE l.chain IS UNIQUE
