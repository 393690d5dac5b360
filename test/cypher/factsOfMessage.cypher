// Facts derived from one message, reached the way an analyst would: from the person's entities.
MATCH (:Entity {tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Facet)-[:DERIVED_FROM]->(:Message {id: $messageId})
RETURN f.id AS id
