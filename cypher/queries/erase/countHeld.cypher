// What a person holds, by kind: the count an erase finds when it opens and what remains when it ends.
// AuditEvent and DeletionRecord are the records that an erase happened; they are not held data and survive it.
RETURN COUNT { MATCH (u:EndUser {tenantId: $tenantId, userId: $userId}) } AS endUsers,
       COUNT { MATCH (m:Memory {tenantId: $tenantId, userId: $userId}) } AS memories,
       COUNT { MATCH (m:Message {tenantId: $tenantId, userId: $userId}) } AS messages,
       COUNT { MATCH (r:Revision {tenantId: $tenantId, userId: $userId}) } AS revisions,
       COUNT { MATCH (s:Suppression {tenantId: $tenantId, userId: $userId}) } AS suppressions,
       COUNT { MATCH (l:LedgerRecord {tenantId: $tenantId, userId: $userId}) } AS ledgerRecords
