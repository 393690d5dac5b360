// One node per named lease. Part of the migration runner's bootstrap, since the runner takes a named lease before
// any migration runs (idempotent; run before taking it).
CREATE CONSTRAINT lease_name IF NOT EXISTS FOR (l:Lease) REQUIRE l.name IS UNIQUE
