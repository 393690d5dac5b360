MATCH (l:Lease {name: 'jobs/' + $name})
DELETE l
RETURN count(*) AS deleted
