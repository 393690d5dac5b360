// Interests under their owner entity (the person's self entity, or another speaker's, whose topicKey carries the
// owner id); the stage moves with evidence: one mention ephemeral, two or three tentative, four or more persistent.
// A new mention brings an archived interest back. Rows of a batch of messages, in order, each with its message.
// eventTime is when it was last said (the latest message's event time, which an imported history sets in the
// past): the interest's date in context, like a fact's.
UNWIND $interests AS it
MATCH (msg:Message {id: it.messageId, tenantId: $tenantId, userId: $userId})
MATCH (owner:Memory:Entity {id: it.ownerId, tenantId: $tenantId, userId: $userId})
MERGE (i:Memory:Interest {tenantId: $tenantId, userId: $userId, topicKey: it.key})
ON CREATE SET i.id = it.id, i.topic = it.topic, i.summary = it.summary, i.broader = it.broader, i.domain = it.domain, i.evidence = 0,
  i.strength = 0.0, i.baseScore = 0.0, i.processingCount = 0, i.spike = 0.0, i.decayModifier = 0.9,
  i.createdAt = datetime(), i.state = 'active', i.pinned = false, i.archived = false,
  i.embedding = it.embedding, i.embeddingModel = it.embeddingModel
SET i.evidence = i.evidence + 1,
    i.strength = CASE WHEN it.strength > i.strength THEN it.strength ELSE i.strength END,
    i.lastRelevantAt = datetime(), i.updatedAt = datetime(), i.archived = false,
    i.eventTime = CASE WHEN i.eventTime IS NULL OR msg.eventTime > i.eventTime THEN msg.eventTime ELSE i.eventTime END
SET i.stage = CASE WHEN i.evidence >= 4 THEN 'persistent' WHEN i.evidence >= 2 THEN 'tentative' ELSE 'ephemeral' END,
    i.baseScore = CASE WHEN i.evidence >= 4 THEN 0.7 WHEN i.evidence >= 2 THEN 0.5 ELSE 0.3 END + 0.2 * i.strength
MERGE (owner)-[:HAS_INTEREST]->(i)
MERGE (i)-[:DERIVED_FROM]->(msg)
RETURN it.plan AS plan, i.id AS id, i.stage AS stage
