// People of one tenant with enough facts for a theme, a page at a time (ordered by userId, after $after).
MATCH (u:EndUser {tenantId: $tenantId})
WHERE u.userId > $after
  AND COUNT { (f:Memory:Facet {tenantId: $tenantId, userId: u.userId}) } >= $minFacets
RETURN u.userId AS userId
ORDER BY userId
LIMIT $limit
