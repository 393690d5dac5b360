// V0002: indexes for the write path.
// Near-duplicate facts are found by their content fingerprint within one person's memories.
CREATE INDEX memory_fingerprint IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.userId, m.fingerprint);
// One interest node per person and topic: MERGE on it is safe under concurrency.
CREATE CONSTRAINT interest_key IF NOT EXISTS FOR (i:Interest) REQUIRE (i.tenantId, i.userId, i.topicKey) IS UNIQUE;
// The worker claims pending messages in arrival order.
CREATE INDEX message_queue IF NOT EXISTS FOR (m:Message) ON (m.status, m.nextAttemptAt);
