// Quoting tests: whether a message was withheld from quoting (by a fix or a delete of a memory drawn from it).
MATCH (msg:Message {id: $messageId, tenantId: $tenantId})
RETURN msg.withheld IS NOT NULL AS withheld
