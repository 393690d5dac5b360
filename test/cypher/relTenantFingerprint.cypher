// Reliability campaign: a cheap fingerprint of what one tenant holds, read before and after each generated hostile
// request (index seeks per label, so it stays fast on a large shared database). relTenantNodeCount checks that
// these labels are all the labels a tenant's nodes carry.
CALL () {
  MATCH (n:Memory) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:Message) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:EndUser) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:Inbox) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:Suppression) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:Revision) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:LedgerRecord) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:DeletionRecord) WHERE n.tenantId = $tenantId AND n.userId IS NOT NULL RETURN n
  UNION MATCH (n:AuditEvent) WHERE n.tenantId = $tenantId AND n.at IS NOT NULL RETURN n
  UNION MATCH (n:Profile {tenantId: $tenantId}) RETURN n
  UNION MATCH (n:Tenant {id: $tenantId}) RETURN n
  UNION MATCH (:Tenant {id: $tenantId})-[:HAS_KEY]->(n:ApiKey) RETURN n
}
WITH n ORDER BY elementId(n)
RETURN count(n) AS nodes,
       collect([labels(n), [k IN keys(n) WHERE k <> 'embedding' | [k, n[k]]]]) AS rows,
       count(CASE WHEN n:Message AND n.status IN ['pending', 'processing'] THEN 1 END) AS pendingMessages,
       count(CASE WHEN n:DeletionRecord AND n.status IN ['pending', 'running'] THEN 1 END) AS openErases
