MATCH (m:Message {id: $messageId, tenantId: $tenantId})
SET m.status = $status, m.processedAt = datetime(), m.claimedBy = null, m.lastError = null,
    m.factsStored = $factsStored, m.factsDiscarded = $factsDiscarded
RETURN m.status AS status
