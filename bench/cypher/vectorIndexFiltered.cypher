// The alternative to the per-person scan: the global vector index, then the person's filter. Nodes of other
// people and tenants take places among the k nearest, so fewer than $limit may survive.
CALL db.index.vector.queryNodes('bench_memory_embedding', toInteger($k), $vector) YIELD node, score
WHERE node.tenantId = $tenantId AND node.userId = $userId AND node.embeddingModel = $embeddingModel
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT toInteger($limit)
