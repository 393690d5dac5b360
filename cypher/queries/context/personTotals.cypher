// Counts for the portability export: a person's memory nodes and the relationships among them.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WITH collect(m) AS nodes
RETURN size(nodes) AS totalNodes,
       reduce(s = 0, n IN nodes | s + COUNT { (n)-[]->(:Memory {tenantId: $tenantId, userId: $userId}) }) AS totalEdges
