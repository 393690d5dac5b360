// Puts a job lock held by another (simulated) process whose last heartbeat was $ageMinutes ago.
MERGE (l:JobLock {name: $name})
SET l.owner = 'another-process', l.heartbeatAt = datetime() - duration({minutes: $ageMinutes}), l.acquiredAt = l.heartbeatAt
RETURN l.name AS name
