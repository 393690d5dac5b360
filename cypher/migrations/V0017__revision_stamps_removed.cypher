// V0017: the `rev` stamps that every write left on memories and messages for the in-process caches (removed with
// V0016) are removed in batches. Idempotent; never edit once landed.
MATCH (m:Memory)
WHERE m.rev IS NOT NULL
CALL (m) {
  REMOVE m.rev
} IN TRANSACTIONS OF 5000 ROWS;

MATCH (n:Message)
WHERE n.rev IS NOT NULL
CALL (n) {
  REMOVE n.rev
} IN TRANSACTIONS OF 5000 ROWS;
