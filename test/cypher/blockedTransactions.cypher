// How many transactions are waiting for a lock another transaction holds (tests that pause a writer mid-way).
SHOW TRANSACTIONS YIELD status
WHERE status STARTS WITH 'Blocked'
RETURN count(*) AS blocked
