// V0014: retrieval may render a memory with the words of the message it came from; a message whose memory was
// fixed or deleted must not be quoted through another memory drawn from it. From now on the fix and the deletes
// mark such a message `withheld`; this marks the earlier ones that can still be told: messages of a fixed memory
// (it kept its replaced wording), and messages left with fewer facts than they stored (one was deleted, or
// compressed into a summary: withholding those too only costs a quote). Idempotent; never edit once landed.
MATCH (m:Memory)-[:REPLACED_WORDING]->(:Revision)
MATCH (m)-[:DERIVED_FROM]->(msg:Message)
WHERE msg.withheld IS NULL
CALL (msg) {
  SET msg.withheld = true
} IN TRANSACTIONS OF 1000 ROWS;

MATCH (msg:Message)
WHERE msg.withheld IS NULL AND msg.factsStored > COUNT { (:Facet)-[:DERIVED_FROM]->(msg) }
CALL (msg) {
  SET msg.withheld = true
} IN TRANSACTIONS OF 1000 ROWS;
