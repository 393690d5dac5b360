MATCH (e:Entity {tenantId: $tenantId, userId: $userId, name: $name})
RETURN e.id AS id, e.kind AS kind, e.relation AS relation, e.gravity AS gravity, e.summary AS summary, e.embedding AS embedding
