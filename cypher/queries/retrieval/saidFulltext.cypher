// What was said that matches the question: Lucene over the person's messages (the copies kept as :Message, scoped
// to the person inside Lucene), best first, each with the memories derived from it. Only memories count: a message
// whose memories were deleted contributes none (its id still leads to its neighbours, retrieval/saidNeighbours).
CALL db.index.fulltext.queryNodes('message_text_en', $lucene) YIELD node, score
WHERE node.tenantId = $tenantId AND node.userId = $userId
WITH node, score
ORDER BY score DESC
LIMIT toInteger($messages)
RETURN node.id AS messageId,
       [(m:Memory {tenantId: $tenantId, userId: $userId})-[:DERIVED_FROM]->(node)
        WHERE NOT m:Domain AND coalesce(m.kind, '') <> 'self' AND NOT coalesce(m.archived, false) | m.id] AS ids
