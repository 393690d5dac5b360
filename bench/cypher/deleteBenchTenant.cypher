// Bench clean-up, in batches (auto-commit: CALL … IN TRANSACTIONS).
MATCH (m:Memory {tenantId: $tenantId})
CALL (m) { DETACH DELETE m } IN TRANSACTIONS OF 5000 ROWS
RETURN count(*) AS deleted
