MATCH (e:Entity {tenantId: $tenantId, userId: $userId, name: $name})
RETURN e.kind AS kind, e.relation AS relation, e.gravity AS gravity
