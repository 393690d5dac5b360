// The vector channel: the person's memories nearest in meaning to the question, from the owner-filtered,
// unquantized vector index (V0015), among the vectors made by the question's embedder only. The index cannot
// leave out what retrieval never shows (domains, the self entity, archived memories), so it returns $candidates
// and those are dropped here, with what is too far to mean anything ($minCosine). Neo4j scores cosine as (1 + cos) / 2.
CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (
    VECTOR INDEX memory_embedding_owner
    FOR $vector
    WHERE m.tenantId = $tenantId AND m.userId = $userId AND m.embeddingModel = $embeddingModel
    LIMIT $candidates
  ) SCORE AS score
WITH m, 2 * score - 1 AS cosine
WHERE cosine >= $minCosine AND NOT m:Domain AND NOT (m:Entity AND coalesce(m.kind, '') = 'self') AND NOT coalesce(m.archived, false)
RETURN m.id AS id, cosine
ORDER BY cosine DESC, id
LIMIT $limit
