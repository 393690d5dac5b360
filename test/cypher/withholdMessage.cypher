// The said-by-meaning tests: withholds a message as a deletion or a fix of one of its memories does.
MATCH (n:Message {id: $messageId, tenantId: $tenantId})
SET n.withheld = true
