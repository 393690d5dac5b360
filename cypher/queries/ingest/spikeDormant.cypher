// A dormant topic comes back: its facts get a spike (spec 2.6), which decays afterwards. One row per entity talked
// about again, with the facts restated so far in the batch (row.exceptIds), which are relevant, not dormant.
UNWIND $touched AS row
MATCH (e:Memory:Entity {id: row.entityId, tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Memory)
WHERE f.lastRelevantAt < datetime() - duration({days: $dormantDays}) AND NOT f.id IN row.exceptIds
SET f.spike = $spike, f.spikeAt = datetime(), f.lastRelevantAt = datetime()
RETURN count(f) AS spiked
