// Lucene full-text over topic and summary; $lucene is built from escaped terms, never raw input.
CALL db.index.fulltext.queryNodes('memory_text', $lucene) YIELD node, score
WHERE node.tenantId = $tenantId AND node.userId = $userId AND NOT node:Domain AND coalesce(node.kind, '') <> 'self' AND NOT coalesce(node.archived, false)
RETURN node.id AS id, score
LIMIT toInteger($limit)
