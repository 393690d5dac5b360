// A person's facts with what later messages did to them: spike, processing count, sources, contradictions.
MATCH (e:Entity {tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Facet)
RETURN e.name AS subject, f.summary AS summary, f.spike AS spike, f.processingCount AS processingCount,
       COUNT { (f)-[:DERIVED_FROM]->(:Message) } AS sources,
       [(f)-[:CONTRADICTS]->(o:Facet {tenantId: $tenantId, userId: $userId}) | o.summary] AS contradicts
