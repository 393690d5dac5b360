// What a correction did to a person's memories: each fact or interest, whether archived, what it corrects, and
// whether its messages are withheld.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE m:Facet OR m:Interest
RETURN m.summary AS summary, coalesce(m.archived, false) AS archived, [(m)-[:CORRECTS]->(o) | o.summary] AS corrects,
       [(m)-[:DERIVED_FROM]->(msg:Message) | coalesce(msg.withheld, false)] AS withheld
ORDER BY m.createdAt
