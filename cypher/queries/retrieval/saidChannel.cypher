// What the person said that matches the question (message_text_en), best first, each message with the memories
// derived from it (the "said" channel); for the first $contextHits, the memories of the messages said just after
// and just before it, $reach on each side, nearest first, within $withinMinutes (the "context" channel: an answer
// follows its question in other words). A message said at the same instant is neither before nor after.
// $search is built by src/retrieval/lucene.ts (values escaped as terms); the owner is checked again exactly here.
// A message a deletion or a fix withheld matches nothing: its words are what the person asked to be forgotten or corrected.
CALL db.index.fulltext.queryNodes('message_text_en', $search, {limit: $candidates}) YIELD node AS n, score
WHERE n.tenantId = $tenantId AND n.userId = $userId AND n.withheld IS NULL
WITH n, score
ORDER BY score DESC, n.id
LIMIT $limit
WITH collect(n) AS hits
UNWIND range(0, size(hits) - 1) AS rank
WITH hits[rank] AS n, rank, duration({minutes: $withinMinutes}) AS within
CALL (n, rank, within) {
  UNWIND CASE WHEN rank < $contextHits AND n.eventTime IS NOT NULL THEN [n.eventTime] ELSE [] END AS at
  MATCH (x:Message {tenantId: $tenantId, userId: $userId})
  USING INDEX x:Message(tenantId, userId, eventTime)
  WHERE x.eventTime > at AND x.eventTime <= at + within
  WITH x ORDER BY x.tenantId, x.userId, x.eventTime LIMIT $reach
  RETURN collect(x) AS after
}
CALL (n, rank, within) {
  UNWIND CASE WHEN rank < $contextHits AND n.eventTime IS NOT NULL THEN [n.eventTime] ELSE [] END AS at
  MATCH (x:Message {tenantId: $tenantId, userId: $userId})
  USING INDEX x:Message(tenantId, userId, eventTime)
  WHERE x.eventTime < at AND x.eventTime >= at - within
  WITH x ORDER BY x.tenantId DESC, x.userId DESC, x.eventTime DESC LIMIT $reach
  RETURN collect(x) AS before
}
// Nearest first: the next message, the one before, then the second next, the second before.
WITH n, rank, [i IN range(0, $reach - 1) | [after[i], before[i]]] AS pairs
WITH n, rank, [x IN reduce(all = [], p IN pairs | all + p) WHERE x IS NOT NULL] AS neighbours
// The memories derived from a message are the person's (a message's are never anyone else's), and never the self entity.
RETURN rank, n.id AS messageId,
       [(m:Memory)-[:DERIVED_FROM]->(n) WHERE NOT coalesce(m.archived, false) | m.id] AS derived,
       reduce(ids = [], x IN neighbours | ids + [(m:Memory)-[:DERIVED_FROM]->(x) WHERE NOT coalesce(m.archived, false) | m.id]) AS context
ORDER BY rank
