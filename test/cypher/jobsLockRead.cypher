// Who holds the job lease of this name, if anyone.
MATCH (l:Lease {name: 'jobs/' + $name})
WHERE l.leaseHolder IS NOT NULL
RETURN l.leaseHolder AS holder
