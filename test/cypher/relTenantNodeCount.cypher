// Reliability campaign: every node carrying a tenant's id, whatever its label (usage counters aside); compared with
// relTenantFingerprint's count to prove the fingerprint misses no label.
MATCH (n) WHERE n.tenantId = $tenantId AND NOT n:UsageDay
RETURN count(n) AS nodes, collect(DISTINCT labels(n)) AS labels
