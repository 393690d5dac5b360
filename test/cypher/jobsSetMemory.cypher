// Sets fields of one memory the API cannot set yet: pinned, a spike at a given (simulated) time.
MATCH (m:Memory {id: $id, tenantId: $tenantId})
SET m.pinned = coalesce($pinned, m.pinned), m.spike = coalesce($spike, m.spike),
    m.spikeAt = CASE WHEN $spikeAt IS NULL THEN m.spikeAt ELSE datetime($spikeAt) END
RETURN m.id AS id
