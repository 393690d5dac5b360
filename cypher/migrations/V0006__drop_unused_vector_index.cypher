// V0006: the vector index on Memory.embedding goes. Plain Cypher, idempotent (IF EXISTS). Never edit this file
// once landed: add V0007 instead.

// Retrieval compares a person's vectors exactly, in process (README, "Why exact per-person nearest neighbours"):
// the global index was never queried, and keeping it up to date cost about a third of every memory write
// (3 memories with 384-dimension vectors per transaction: 20.7 ms with the index, 13.2 ms without).
// The vectors themselves stay on the memories.
DROP INDEX memory_embedding IF EXISTS;
