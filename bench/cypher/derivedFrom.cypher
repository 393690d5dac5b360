// What each message became: the memories derived from it (facts, interests, themes), for the report's diagnosis
// of missed evidence (nothing extracted from the turn, or extracted but not retrieved).
UNWIND $messageIds AS messageId
MATCH (msg:Message {id: messageId, tenantId: $tenantId, userId: $userId})
RETURN messageId,
       [(m:Memory)-[:DERIVED_FROM]->(msg) WHERE m.tenantId = $tenantId |
         m {.id, .topic, .summary, kind: [l IN labels(m) WHERE l <> 'Memory'][0], owner: head([(e:Entity)-[:HAS_FACET]->(m) | e.name])}] AS memories
