// The end of a b2c erase, in the transaction that deleted the person's node: the last counts, what remains of the
// person (expected 0) and the time. The record and the audit events are all that is left.
MATCH (d:DeletionRecord {id: $requestId, tenantId: $tenantId})
SET d.status = 'completed', d.completedAt = datetime($now), d.remaining = toInteger($remaining),
    d.nodesDeleted = d.nodesDeleted + toInteger($nodes), d.edgesDeleted = d.edgesDeleted + toInteger($edges),
    d.leaseHolder = null, d.leaseExpiresAt = null
RETURN d {.id, .userId, .status, .requestedAt, .startedAt, .completedAt, .nodesFound, .nodesDeleted, .edgesDeleted, .remaining} AS record
