// Lucene full-text over topic and summary, scoped to the person inside Lucene (V0005, V0006: English analyser); $lucene is built from
// escaped terms, never raw input (src/retrieval/lucene.ts). The WHERE clause checks the exact owner.
CALL db.index.fulltext.queryNodes('memory_text_en', $lucene) YIELD node, score
WHERE node.tenantId = $tenantId AND node.userId = $userId AND NOT node:Domain AND coalesce(node.kind, '') <> 'self' AND NOT coalesce(node.archived, false)
RETURN node.id AS id, score
LIMIT toInteger($limit)
