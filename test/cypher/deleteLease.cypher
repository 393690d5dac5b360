MATCH (l:Lease {name: $name})
DELETE l
RETURN count(*) AS deleted
