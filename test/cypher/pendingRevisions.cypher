// Memories of one person still marked "changed, version not known yet" (rev -1): none may outlive its transaction.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m.rev = -1
RETURN count(m) AS pending
