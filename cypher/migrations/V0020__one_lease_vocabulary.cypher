// V0020: every lease is now leaseHolder and leaseExpiresAt (src/graph/leases.ts). Carries over the claims that are
// live when this runs: a message in processing (claimedBy, claimed at claimedAt under the default 2-minute worker
// lease) and an open erase (claimedBy, leaseUntil); the taker of an expired one is any worker or eraser of this
// version. The old properties stay on the nodes, unread. Idempotent (sets only unset properties); never edit once
// landed.
MATCH (m:Message)
WHERE m.status = 'processing' AND m.leaseHolder IS NULL AND m.claimedBy IS NOT NULL
CALL (m) {
  SET m.leaseHolder = m.claimedBy, m.leaseExpiresAt = m.claimedAt + duration({minutes: 2})
} IN TRANSACTIONS OF 1000 ROWS;

MATCH (d:DeletionRecord)
WHERE d.status IN ['pending', 'running'] AND d.leaseHolder IS NULL AND d.claimedBy IS NOT NULL
CALL (d) {
  SET d.leaseHolder = d.claimedBy, d.leaseExpiresAt = d.leaseUntil
} IN TRANSACTIONS OF 1000 ROWS;
