// A person's retrieval candidates for one question, channel by channel, as the service finds them: the rank and
// score each channel gives each memory (vector, and saidMeaning for the messages it came from: cosine; fulltext and
// said: Lucene's score; entity, temporal, pinned, constraint, identity: their order); of saidMeaning the service
// keeps only the messages within 0.1 of the nearest one's cosine. The service fuses these in TypeScript (src/retrieval/rank.ts) with
// salience and gravity; this shows what went in. Parameters: `npm run -s admin -- retrieval-params --tenant-id …
// --user-id … --question "…"` prints them as :param lines (the question's vector from the service's embedder, the
// searches exactly as the service sends them, the entities and dates the question names).
CYPHER 25
CALL () {
  MATCH (m:Memory)
    SEARCH m IN (
      VECTOR INDEX memory_embedding_owner
      FOR $vector
      WHERE m.tenantId = $tenantId AND m.userId = $userId AND m.embeddingModel = $embeddingModel
      LIMIT 50
    ) SCORE AS score
  RETURN m, 'vector' AS channel, 2 * score - 1 AS score
  UNION ALL
  UNWIND CASE WHEN $memorySearch IS NULL THEN [] ELSE [$memorySearch] END AS search
  CALL db.index.fulltext.queryNodes('memory_search_en', search, {limit: 50}) YIELD node AS m, score
  WHERE m.tenantId = $tenantId AND m.userId = $userId
  RETURN m, 'fulltext' AS channel, score
  UNION ALL
  UNWIND CASE WHEN $messageSearch IS NULL THEN [] ELSE [$messageSearch] END AS search
  CALL db.index.fulltext.queryNodes('message_text_en', search, {limit: 50}) YIELD node AS n, score
  WHERE n.tenantId = $tenantId AND n.userId = $userId AND n.withheld IS NULL
  MATCH (m:Memory)-[:DERIVED_FROM]->(n)
  RETURN m, 'said' AS channel, score
  UNION ALL
  MATCH (n:Message)
    SEARCH n IN (
      VECTOR INDEX message_embedding_owner
      FOR $vector
      WHERE n.tenantId = $tenantId AND n.userId = $userId AND n.embeddingModel = $embeddingModel
      LIMIT 25
    ) SCORE AS score
  WITH n, score
  WHERE n.withheld IS NULL
  MATCH (m:Memory)-[:DERIVED_FROM]->(n)
  RETURN m, 'saidMeaning' AS channel, 2 * score - 1 AS score
  UNION ALL
  UNWIND $entityIds AS entityId
  MATCH (e:Entity {id: entityId, tenantId: $tenantId, userId: $userId})-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m:Memory)
  RETURN m, 'entity' AS channel, 1.0 AS score
  UNION ALL
  MATCH (m:Facet {tenantId: $tenantId, userId: $userId})
  WHERE $dateFrom IS NOT NULL AND m.eventDate >= date($dateFrom) AND m.eventDate <= date($dateTo)
  RETURN m, 'temporal' AS channel, 1.0 AS score
  UNION ALL
  UNWIND CASE WHEN $identity THEN ['constraint', 'identity'] ELSE ['constraint'] END AS standing
  MATCH (m:Facet {tenantId: $tenantId, userId: $userId, standing: standing})
  RETURN m, standing AS channel, 1.0 AS score
  UNION ALL
  MATCH (m:Memory {tenantId: $tenantId, userId: $userId, pinned: true})
  RETURN m, 'pinned' AS channel, 1.0 AS score
}
WITH m, channel, max(score) AS score
WHERE NOT m:Domain AND NOT coalesce(m.archived, false) AND coalesce(m.kind, '') <> 'self'
ORDER BY channel, score DESC
WITH channel, collect({m: m, score: score}) AS found
UNWIND range(0, size(found) - 1) AS rank
WITH found[rank].m AS m, channel, rank, found[rank].score AS score
WITH m, collect(channel + ' #' + toString(rank + 1) + ' (' + toString(round(score, 3)) + ')') AS channels
RETURN [l IN labels(m) WHERE l <> 'Memory'][0] AS kind, coalesce(m.topic, m.name) AS topic, m.summary AS summary,
       size(channels) AS channelCount, channels, m.id AS id
ORDER BY channelCount DESC, channels
LIMIT 100
