// Whether a person exists, and each of their messages with its status and whether the person's node SAID it
// (an orphan is a message left without its person).
OPTIONAL MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
RETURN u IS NOT NULL AS person,
       COLLECT {
         MATCH (m:Message {tenantId: $tenantId, userId: $userId})
         RETURN m {.id, .status, said: EXISTS { MATCH (s:EndUser {tenantId: $tenantId, userId: $userId})-[:SAID]->(m) }}
       } AS messages
