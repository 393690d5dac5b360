// The standing of each of a test person's facts (V0024), by summary.
MATCH (m:Facet {tenantId: $tenantId, userId: $userId})
RETURN m.summary AS summary, m.standing AS standing
ORDER BY summary
