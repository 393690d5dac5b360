MATCH (l:JobLock {name: $name, owner: $owner})
DELETE l
RETURN count(*) AS released
