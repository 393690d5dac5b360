// The full-text channel over memories: what they say and the broader words of their nouns (memory_search_en, V0016).
// $search is built by src/retrieval/lucene.ts from the question's words and the owner, every value escaped as a
// term; the owner's fields are checked again exactly here, since Lucene matches analysed tokens.
CALL db.index.fulltext.queryNodes('memory_search_en', $search, {limit: $candidates}) YIELD node AS m, score
WHERE m.tenantId = $tenantId AND m.userId = $userId
  AND NOT m:Domain AND NOT (m:Entity AND coalesce(m.kind, '') = 'self') AND NOT coalesce(m.archived, false)
RETURN m.id AS id
ORDER BY score DESC, id
LIMIT $limit
