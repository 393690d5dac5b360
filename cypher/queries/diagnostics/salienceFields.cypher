// GET /diagnostics/{user_id}: the stored fields salience is computed from (salienceOfStored), plus the lifecycle
// state and pin of each of a person's memory nodes. Numbers and times only, never text.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
RETURN m.baseScore AS baseScore, m.processingCount AS processingCount, m.lastRelevantAt AS lastRelevantAt,
       m.createdAt AS createdAt, m.spike AS spike, m.spikeAt AS spikeAt, m.decayModifier AS decayModifier,
       m.state AS state, coalesce(m.pinned, false) AS pinned
