// A process that died holding the lock leaves it behind; once it has not beaten for $staleMinutes anyone may take it.
MATCH (l:JobLock {name: $name})
WHERE l.heartbeatAt < datetime() - duration({minutes: $staleMinutes})
DELETE l
RETURN count(*) AS broken
