// A person's memories nearest to $vector, from the owner-filtered vector index (V0015): the index searches only
// the memories of this tenant, user and embedder, unquantized. Cypher 25 (SEARCH).
// The index cannot leave out what retrieval never shows (domains, the self memory, archived ones), so it returns
// $candidates (at least $limit) and those are dropped here. Neo4j's cosine score is (1 + cosine) / 2.
CYPHER 25
MATCH (m:Memory)
  SEARCH m IN (
    VECTOR INDEX memory_embedding_owner
    FOR $vector
    WHERE m.tenantId = $tenantId AND m.userId = $userId AND m.embeddingModel = $embeddingModel
    LIMIT $candidates
  ) SCORE AS score
WITH m, score
WHERE NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
RETURN m.id AS id, 2 * score - 1 AS cosine
ORDER BY cosine DESC, id
LIMIT $limit
