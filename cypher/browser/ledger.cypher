// One person's deletion ledger (v1 single-memory deletes), newest first: which memory went (its id and type),
// who asked, why and when. The ledger holds none of the deleted words.
// Set :param tenantId => '…' and :param userId => '…' first.
MATCH (r:LedgerRecord {tenantId: $tenantId, userId: $userId})
RETURN r.at AS at, r.nodeId AS nodeId, r.nodeType AS nodeType, r.reason AS reason, r.requestedBy AS requestedBy, r.id AS record
ORDER BY at DESC
LIMIT 500
