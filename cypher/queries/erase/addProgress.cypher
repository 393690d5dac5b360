// After an erase batch, in its transaction: what went, and a renewed lease.
MATCH (d:DeletionRecord {id: $requestId, tenantId: $tenantId})
SET d.nodesDeleted = d.nodesDeleted + toInteger($nodes), d.edgesDeleted = d.edgesDeleted + toInteger($edges),
    d.leaseUntil = datetime($leaseUntil)
RETURN d.nodesDeleted AS nodesDeleted
