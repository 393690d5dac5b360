// V0022: `lastDeletionVersion`, which deletions and erases left on the person for the in-process retrieval caches
// (removed with V0016), is removed in batches. Idempotent; never edit once landed.
MATCH (u:EndUser)
WHERE u.lastDeletionVersion IS NOT NULL
CALL (u) {
  REMOVE u.lastDeletionVersion
} IN TRANSACTIONS OF 5000 ROWS;
