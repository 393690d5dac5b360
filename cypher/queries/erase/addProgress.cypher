// After an erase batch, in its transaction (after the fence): what went, and the lease renewed.
MATCH (d:DeletionRecord {id: $requestId, tenantId: $tenantId})
SET d.nodesDeleted = d.nodesDeleted + toInteger($nodes), d.edgesDeleted = d.edgesDeleted + toInteger($edges),
    d.leaseExpiresAt = datetime($expiresAt)
RETURN d.nodesDeleted AS nodesDeleted
