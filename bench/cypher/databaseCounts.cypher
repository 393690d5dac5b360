// cross-tenant: the size of the whole database the benchmark runs in (people and memory nodes of every tenant).
CALL () { MATCH (u:EndUser) RETURN count(u) AS people }
CALL () { MATCH (m:Memory) RETURN count(m) AS memories }
CALL () { MATCH (m:Message) RETURN count(m) AS messages }
RETURN people, memories, messages
