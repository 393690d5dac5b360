// Fault tests: a query that runs for as long as it is let (the server's transaction time limit stops it).
UNWIND range(1, $n) AS x
WITH x WHERE x % 7 = 0
RETURN count(x) AS c
