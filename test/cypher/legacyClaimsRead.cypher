// The lease of each message and erase of a test tenant, next to the claim properties of the version before V0020.
MATCH (n)
WHERE n.tenantId = $tenantId AND (n:Message OR n:DeletionRecord)
RETURN n.userId AS userId, labels(n)[0] AS label, n.leaseHolder AS leaseHolder,
       n.leaseExpiresAt = coalesce(n.claimedAt + duration({minutes: 2}), n.leaseUntil) AS expiryCarried
ORDER BY label, userId
