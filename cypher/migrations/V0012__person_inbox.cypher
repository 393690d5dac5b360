// V0012: the person's inbox, the lock an acknowledgement takes (cypher/queries/messages/createMessages.cypher).
// Plain Cypher, idempotent (IF NOT EXISTS). Never edit this file once landed: add a later version instead.

// One inbox per person: an acknowledgement and an erase's opening transaction MERGE it, safe under concurrency,
// and find it by this index.
CREATE CONSTRAINT inbox_key IF NOT EXISTS FOR (i:Inbox) REQUIRE (i.tenantId, i.userId) IS UNIQUE;
