// Claims as the version before V0020 left them: two messages in processing (claimedBy, claimedAt) of two people,
// one claimed $expiredMinutes ago, one just now, and an open erase (claimedBy, leaseUntil) for one of them.
UNWIND [[$userId + '-expired', $expiredMinutes], [$userId + '-live', 0]] AS claim
CREATE (m:Message {
  id: randomUUID(), tenantId: $tenantId, userId: claim[0], speaker: 'user', text: 'Hello.', source: 'ingest_v2', seq: 0,
  eventTime: datetime(), receivedAt: datetime(), status: 'processing', attempts: 1, nextAttemptAt: datetime(),
  claimedBy: 'old-worker', claimedAt: datetime() - duration({minutes: claim[1]}), claimToken: 'old-token'
})
WITH collect(m.id) AS messageIds
CREATE (d:DeletionRecord {
  id: randomUUID(), tenantId: $tenantId, userId: $userId + '-live', routeSet: 'b2c', status: 'running',
  requestedAt: datetime(), nodesFound: 1, nodesDeleted: 0, edgesDeleted: 0,
  claimedBy: 'old-eraser', leaseUntil: datetime() + duration({minutes: 1})
})
RETURN messageIds, d.id AS deletionId
