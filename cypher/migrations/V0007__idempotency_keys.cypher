// V0007: idempotency keys on acknowledged messages. Plain Cypher, idempotent (IF NOT EXISTS). Never edit this
// file once landed: add V0008 instead.

// A request sent with an Idempotency-Key stores its messages with that key and their order: a second copy of the
// request (a client retrying after a lost answer) cannot store them again, even when both arrive at once. Messages
// without a key are not constrained (a uniqueness constraint ignores nodes missing any of its properties).
CREATE CONSTRAINT message_idempotency IF NOT EXISTS FOR (m:Message) REQUIRE (m.tenantId, m.userId, m.idempotencyKey, m.seq) IS UNIQUE;
