MATCH (l:JobLock {name: $name})
RETURN l.owner AS owner
