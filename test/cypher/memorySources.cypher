// Quoting tests: each fact or interest of a person drawn from one message, with that message's words and whether
// a fix or a delete withheld it.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})-[:DERIVED_FROM]->(msg:Message)
WHERE (m:Facet OR m:Interest) AND COUNT { (m)-[:DERIVED_FROM]->(:Message) } = 1
RETURN m.id AS id, m.topic AS topic, m.summary AS summary, msg.id AS messageId, msg.text AS text, msg.withheld IS NOT NULL AS withheld
ORDER BY msg.text
