// Flushes per-key call counts; (keyId, day) is unique, so MERGE is safe under concurrency.
UNWIND $rows AS row
MERGE (u:UsageDay {keyId: row.keyId, day: row.day})
ON CREATE SET u.tenantId = row.tenantId, u.calls = 0
SET u.calls = u.calls + row.calls, u.updatedAt = datetime()
RETURN count(u) AS flushed
