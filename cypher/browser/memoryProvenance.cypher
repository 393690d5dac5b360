// Where one memory came from: the messages it was derived from, in order. :param nodeId => '…'
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId})-[:DERIVED_FROM]->(msg:Message)
RETURN m.summary AS memory, msg.speaker AS speaker, msg.text AS said, msg.eventTime AS happened, msg.receivedAt AS received
ORDER BY msg.eventTime
