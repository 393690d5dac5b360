// The vector indexes, their settings and how often each was read (SHOW INDEXES).
SHOW VECTOR INDEXES YIELD name, labelsOrTypes, properties, options, readCount, state
RETURN name, labelsOrTypes, properties, options.indexConfig AS config, readCount, state
