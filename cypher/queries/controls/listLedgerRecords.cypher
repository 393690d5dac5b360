// A person's deletion ledger (v1), newest first; keyset paging on (at, id).
MATCH (r:LedgerRecord {tenantId: $tenantId, userId: $userId})
WHERE $beforeAt IS NULL OR r.at < datetime($beforeAt) OR (r.at = datetime($beforeAt) AND r.id < $beforeId)
RETURN r {.id, .nodeId, .nodeType, .reason, .requestedBy, .at} AS record
ORDER BY r.at DESC, r.id DESC
LIMIT toInteger($fetch)
