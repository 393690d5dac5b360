// How often Neo4j's search indexes were read (its statistics are published every few seconds), and their state.
SHOW INDEXES YIELD name, type, readCount, state
WHERE type IN ['FULLTEXT', 'VECTOR']
RETURN name, type, coalesce(readCount, 0) AS readCount, state
