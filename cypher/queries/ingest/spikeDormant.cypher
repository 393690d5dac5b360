// A dormant topic comes back: its facts get a spike (spec 2.6), which decays afterwards.
UNWIND $entityIds AS entityId
MATCH (e:Memory:Entity {id: entityId, tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Memory)
WHERE f.lastRelevantAt < datetime() - duration({days: $dormantDays}) AND NOT f.id IN $exceptIds
SET f.spike = $spike, f.spikeAt = datetime(), f.lastRelevantAt = datetime()
RETURN count(f) AS spiked
