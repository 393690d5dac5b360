// Puts a job lease held by another (simulated) process that last renewed its 30-minute lease $ageMinutes ago.
MERGE (l:Lease {name: 'jobs/' + $name})
SET l.leaseHolder = 'another-process', l.leaseExpiresAt = datetime() - duration({minutes: $ageMinutes}) + duration({minutes: 30})
RETURN l.name AS name
