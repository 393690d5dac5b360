// How many transactions running a query that contains $fragment are waiting for a lock another transaction holds
// (tests that pause a writer mid-way and send requests that must wait for it).
SHOW TRANSACTIONS YIELD status, currentQuery
WHERE status STARTS WITH 'Blocked' AND currentQuery CONTAINS $fragment
RETURN count(*) AS blocked
