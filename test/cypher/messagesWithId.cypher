// How many messages hold one id (a retried acknowledgement must not store a second).
MATCH (m:Message {id: $id})
RETURN count(m) AS n
