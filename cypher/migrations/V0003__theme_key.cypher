// V0003: keys for the scheduled salience jobs (src/jobs, cypher/jobs).
// Plain Cypher, idempotent (IF NOT EXISTS). Never edit this file once landed: add V0004 instead.

// One theme per person, domain and recurring term: the theme job MERGEs on it, safe under concurrency.
CREATE CONSTRAINT theme_key IF NOT EXISTS FOR (t:Theme) REQUIRE (t.tenantId, t.userId, t.domain, t.topicKey) IS UNIQUE;
// One lock node per job set: only one replica runs the scheduled jobs at a time.
CREATE CONSTRAINT job_lock_name IF NOT EXISTS FOR (l:JobLock) REQUIRE l.name IS UNIQUE;
