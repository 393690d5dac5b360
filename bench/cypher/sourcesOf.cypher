// The messages each returned memory derives from: only the node's own DERIVED_FROM links (an entity has none;
// its facts' sources do not count for it).
UNWIND $ids AS id
MATCH (m:Memory {id: id, tenantId: $tenantId, userId: $userId})
RETURN id, [(m)-[:DERIVED_FROM]->(msg:Message {tenantId: $tenantId, userId: $userId}) | msg.id] AS messageIds
