// Which Neo4j the benchmark ran against, for the results file.
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition
