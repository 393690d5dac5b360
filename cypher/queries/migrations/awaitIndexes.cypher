// New full-text and vector indexes populate in the background; wait until they are online.
CALL db.awaitIndexes($timeoutSeconds)
