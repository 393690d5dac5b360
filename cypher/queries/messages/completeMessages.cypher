// Last statement of the transaction that stored messages' memories: each message is done, with its counts, and
// linked to its person, (u)-[:SAID]->(m) (an acknowledgement stores a message without the link, so as not to
// wait for the person's lock, which this transaction holds already). MERGE: a message acknowledged by an earlier
// version was linked when it was stored. A message the person asked to be kept out ("Don't remember this, but …")
// is withheld, as a deleted memory's message is: no search of what they said finds it.
UNWIND $messages AS row
MATCH (m:Message {id: row.messageId, tenantId: $tenantId})
SET m.status = 'done', m.processedAt = datetime(), m.leaseHolder = null, m.leaseExpiresAt = null, m.lastError = null,
    m.factsStored = row.factsStored, m.factsDiscarded = row.factsDiscarded,
    m.withheld = CASE WHEN row.withheld THEN true ELSE m.withheld END
WITH m
OPTIONAL MATCH (u:EndUser {tenantId: $tenantId, userId: m.userId})
FOREACH (_ IN CASE WHEN u IS NULL THEN [] ELSE [1] END | MERGE (u)-[:SAID]->(m))
RETURN m.id AS id
