// Memories with generated salience fields (test/integration/salienceForms.test.ts). A null field is left unset,
// as on an older or partial node.
UNWIND $rows AS r
CREATE (m:Memory {id: r.id, tenantId: $tenantId, userId: $userId})
SET m.baseScore = r.baseScore, m.processingCount = r.processingCount, m.spike = r.spike,
    m.decayModifier = r.decayModifier, m.createdAt = datetime(r.createdAt),
    m.lastRelevantAt = CASE WHEN r.lastRelevantAt IS NULL THEN null ELSE datetime(r.lastRelevantAt) END,
    m.spikeAt = CASE WHEN r.spikeAt IS NULL THEN null ELSE datetime(r.spikeAt) END
RETURN count(m) AS created
