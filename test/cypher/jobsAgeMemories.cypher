// Moves one person's memories (and the messages they came from) $days into the past, as if they were old.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
SET m.lastRelevantAt = m.lastRelevantAt - duration({days: $days}), m.createdAt = m.createdAt - duration({days: $days}),
    m.spikeAt = m.spikeAt - duration({days: $days}), m.eventTime = m.eventTime - duration({days: $days})
RETURN count(m) AS aged
