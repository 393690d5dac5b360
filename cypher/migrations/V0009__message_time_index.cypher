// V0009: a person's messages in the order they were said. Plain Cypher, idempotent (IF NOT EXISTS). Never edit
// this file once landed: add V0010 instead.

// Retrieval's context channel reads the messages said just before and just after a message the question matched
// (retrieval/saidNeighbours): an answer usually follows the question it answers, in other words than the
// question's. Equality on the owner and a range on eventTime, in index order.
CREATE INDEX message_time IF NOT EXISTS FOR (m:Message) ON (m.tenantId, m.userId, m.eventTime);
