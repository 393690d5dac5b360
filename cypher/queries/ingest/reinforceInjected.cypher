// The reinforcement loop (spec 6.1): memories put into the last context that this turn of the person touches
// (it names their entity or their words) get a processing event. The injected list is consumed either way.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
WITH u, coalesce(u.injected, []) AS injected
SET u.injected = []
WITH injected
UNWIND injected AS id
MATCH (m:Memory {id: id, tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (owner:Memory:Entity)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
WITH m, collect(owner.id) AS owners
WHERE m.id IN $entityIds OR any(o IN owners WHERE o IN $entityIds)
   OR any(w IN $words WHERE toLower(coalesce(m.summary, '') + ' ' + coalesce(m.topic, '')) CONTAINS w)
SET m.processingCount = coalesce(m.processingCount, 0) + 1, m.lastAccessed = datetime(), m.lastRelevantAt = datetime()
RETURN m.id AS id
