// What a person's memory holds after loading: nodes by kind.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
RETURN count(CASE WHEN m:Facet THEN 1 END) AS facts, count(CASE WHEN m:Entity THEN 1 END) AS entities,
       count(CASE WHEN m:Interest THEN 1 END) AS interests, count(CASE WHEN m:Theme THEN 1 END) AS themes
