// The Neo4j version a test runs against (the upgrade test checks that 2026 opened the store).
CALL dbms.components() YIELD name, versions
WHERE name = 'Neo4j Kernel'
RETURN versions[0] AS version
