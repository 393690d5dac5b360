// A test person's facts as stored before V0024: without their standing.
MATCH (m:Facet {tenantId: $tenantId, userId: $userId})
REMOVE m.standing
RETURN count(m) AS facts
