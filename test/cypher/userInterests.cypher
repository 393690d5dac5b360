MATCH (e:Entity {tenantId: $tenantId, userId: $userId, kind: 'self'})-[:HAS_INTEREST]->(i:Interest)
RETURN i.topic AS topic, i.stage AS stage, i.evidence AS evidence
