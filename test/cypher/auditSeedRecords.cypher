// Test-only: a ledger record (v1 single delete) and a deletion record (b2c erase) of one person at given times.
CREATE (r:LedgerRecord {
  id: randomUUID(), tenantId: $tenantId, userId: $userId, nodeId: $nodeId, nodeType: 'facet', reason: $reason,
  requestedBy: $requestedBy, at: datetime($at)
})
CREATE (d:DeletionRecord {
  id: randomUUID(), tenantId: $tenantId, userId: $userId, status: 'completed', requestedAt: datetime($at),
  completedAt: datetime($at) + duration('PT2S'), nodesFound: 7, nodesDeleted: 7, edgesDeleted: 9, remaining: 0
})
RETURN r.id AS ledgerId, d.id AS deletionId
