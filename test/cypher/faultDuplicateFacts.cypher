// Fault tests: facts of one tenant that exist twice for a person (same content fingerprint), were reinforced
// (processingCount > 0) or derive from more than one message; all zero when every message was processed once.
MATCH (f:Facet {tenantId: $tenantId})
WITH f.userId AS userId, f.fingerprint AS fingerprint, collect(f) AS facts
RETURN sum(CASE WHEN size(facts) > 1 THEN size(facts) - 1 ELSE 0 END) AS duplicates,
       sum(reduce(n = 0, f IN facts | n + CASE WHEN f.processingCount > 0 THEN 1 ELSE 0 END)) AS reinforced,
       sum(reduce(n = 0, f IN facts | n + CASE WHEN COUNT { MATCH (f)-[:DERIVED_FROM]->(:Message) } > 1 THEN 1 ELSE 0 END)) AS multiSource,
       sum(size(facts)) AS facts
