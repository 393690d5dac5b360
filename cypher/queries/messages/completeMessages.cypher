// Last statement of the transaction that stored messages' memories: each message is done, with its counts.
UNWIND $messages AS row
MATCH (m:Message {id: row.messageId, tenantId: $tenantId})
SET m.status = 'done', m.processedAt = datetime(), m.claimedBy = null, m.lastError = null,
    m.factsStored = row.factsStored, m.factsDiscarded = row.factsDiscarded
RETURN m.id AS id
