// The "said by meaning" channel: the person's messages nearest in meaning to the question, from the owner-filtered,
// unquantized vector index on messages (V0023), among the vectors of the question's embedder only, best first, each
// with its cosine and the memories derived from it. Only the messages within $width of the nearest one's cosine
// vote (they vote by rank, and a small person's whole history would otherwise fit the list, giving every memory a
// vote), so only theirs are read. A message a deletion or a fix withheld votes for nothing: its words are what the
// person asked to be forgotten or corrected. Neo4j scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (n:Message)
  SEARCH n IN (
    VECTOR INDEX message_embedding_owner
    FOR $vector
    WHERE n.tenantId = $tenantId AND n.userId = $userId AND n.embeddingModel = $embeddingModel
    LIMIT $limit
  ) SCORE AS score
WITH n, 2 * score - 1 AS cosine
WHERE cosine >= $minCosine AND n.withheld IS NULL
WITH n, cosine
ORDER BY cosine DESC, n.id
WITH collect({n: n, cosine: cosine}) AS hits
UNWIND [h IN hits WHERE h.cosine >= hits[0].cosine - $width] AS hit
WITH hit.n AS n, hit.cosine AS cosine
// The memories derived from a message are the person's (a message's are never anyone else's), and never the self entity.
RETURN n.id AS messageId, cosine, [(m:Memory)-[:DERIVED_FROM]->(n) WHERE NOT coalesce(m.archived, false) | m.id] AS derived
ORDER BY cosine DESC, messageId
