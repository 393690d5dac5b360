// Until the controls issue adds the routes: a person asks to leave a topic alone.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
CREATE (u)-[:SUPPRESSES]->(:Suppression {tenantId: $tenantId, userId: $userId, topic: $topic, createdAt: datetime()})
