// What the person said that matches the question, as two lists of messages, best first, each message with the
// memories derived from it: by its words (message_text_en, the "said" channel; $search is built by
// src/retrieval/lucene.ts, values escaped as terms, null for no words) and by its meaning (the owner-filtered,
// unquantized vector index message_embedding_owner of V0023, among vectors of the question's embedder, with its
// cosine; the "said by meaning" channel; $vector null for none). A message a deletion or a fix withheld votes for nothing by meaning. For
// the first $contextHits of each list, the memories of the messages said just after and just before it, $reach on
// each side, nearest first, within $withinMinutes (the "context" channel: an answer follows its question in other
// words). A message said at the same instant is neither before nor after. The owner is checked again exactly here.
CYPHER 25
CALL () {
  UNWIND CASE WHEN $search IS NULL THEN [] ELSE [$search] END AS search
  CALL db.index.fulltext.queryNodes('message_text_en', search, {limit: $candidates}) YIELD node AS n, score
  WHERE n.tenantId = $tenantId AND n.userId = $userId
  WITH n, score
  ORDER BY score DESC, n.id
  LIMIT $limit
  RETURN collect({n: n, cosine: null}) AS byWords
}
CALL () {
  WITH $vector AS vector
  WHERE vector IS NOT NULL
  MATCH (n:Message)
    SEARCH n IN (
      VECTOR INDEX message_embedding_owner
      FOR vector
      WHERE n.tenantId = $tenantId AND n.userId = $userId AND n.embeddingModel = $embeddingModel
      LIMIT $nearLimit
    ) SCORE AS score
  WITH n, 2 * score - 1 AS cosine
  WHERE cosine >= $minCosine AND n.withheld IS NULL
  ORDER BY cosine DESC, n.id
  RETURN collect({n: n, cosine: cosine}) AS byMeaning
}
UNWIND [{channel: 'said', hits: byWords}, {channel: 'saidMeaning', hits: byMeaning}] AS list
UNWIND range(0, size(list.hits) - 1) AS rank
WITH list.channel AS channel, list.hits[rank].n AS n, list.hits[rank].cosine AS cosine, rank, duration({minutes: $withinMinutes}) AS within
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
WITH channel, n, cosine, rank, [i IN range(0, $reach - 1) | [after[i], before[i]]] AS pairs
WITH channel, n, cosine, rank, [x IN reduce(all = [], p IN pairs | all + p) WHERE x IS NOT NULL] AS neighbours
// The memories derived from a message are the person's (a message's are never anyone else's), and never the self entity.
RETURN channel, rank, n.id AS messageId, cosine,
       [(m:Memory)-[:DERIVED_FROM]->(n) WHERE NOT coalesce(m.archived, false) | m.id] AS derived,
       reduce(ids = [], x IN neighbours | ids + [(m:Memory)-[:DERIVED_FROM]->(x) WHERE NOT coalesce(m.archived, false) | m.id]) AS context
ORDER BY rank, channel
