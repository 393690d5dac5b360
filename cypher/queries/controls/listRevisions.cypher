// Every replaced wording held for a person (v1 export), with whether its memory still exists.
MATCH (r:Revision {tenantId: $tenantId, userId: $userId})
RETURN r {.id, .memoryId, .topic, .text, .replacedAt, memoryExists: EXISTS { (:Memory)-[:REPLACED_WORDING]->(r) }} AS revision
ORDER BY r.replacedAt, r.id
