// Memories found through what was said: Lucene over the person's messages (the copies kept as :Message, scoped to
// the person inside Lucene), then the memories derived from the best-matching messages, best message first.
// Only memories are returned: a message whose memories were deleted contributes nothing.
CALL db.index.fulltext.queryNodes('message_text_en', $lucene) YIELD node, score
WHERE node.tenantId = $tenantId AND node.userId = $userId
WITH node, score
LIMIT toInteger($messages)
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})-[:DERIVED_FROM]->(node)
WHERE NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false)
WITH m, max(score) AS score
RETURN m.id AS id
ORDER BY score DESC
LIMIT toInteger($limit)
