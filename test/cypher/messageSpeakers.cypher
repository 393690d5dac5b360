// A person's messages with who said them, in the order they were received.
MATCH (m:Message {tenantId: $tenantId, userId: $userId})
RETURN m.id AS id, m.speaker AS speaker, m.speakerName AS speakerName
ORDER BY m.receivedAt, m.seq
