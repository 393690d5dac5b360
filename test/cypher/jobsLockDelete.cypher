MATCH (l:JobLock {name: $name})
DELETE l
RETURN count(*) AS deleted
