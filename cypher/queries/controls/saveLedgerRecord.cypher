// The v1 ledger record of a single delete, written before the memory goes (spec 2.8): who asked and why, with
// the date and the memory's id and type. It holds none of the deleted words: reason and requestedBy are codes.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
CREATE (r:LedgerRecord {id: randomUUID(), tenantId: $tenantId, userId: $userId, nodeId: m.id,
                        nodeType: toLower([l IN labels(m) WHERE l IN ['Domain', 'Entity', 'Facet', 'Theme', 'Interest']][0]),
                        reason: $reason, requestedBy: $requestedBy, keyId: $keyId, at: datetime()})
RETURN r.id AS id, r.at AS at
