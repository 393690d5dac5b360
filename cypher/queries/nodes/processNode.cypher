// A processing event (spec 6.1): the memory was used or discussed; it decays slower from now on and gets a
// small spike.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
SET m.processingCount = coalesce(m.processingCount, 0) + 1, m.lastAccessed = datetime(), m.lastRelevantAt = datetime(),
    m.spike = CASE WHEN coalesce(m.spike, 0.0) > $spike THEN m.spike ELSE $spike END, m.spikeAt = datetime(),
    m.updatedAt = datetime()
WITH m
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
RETURN m.id AS id, m.processingCount AS processingCount
