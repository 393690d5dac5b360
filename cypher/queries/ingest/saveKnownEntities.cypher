// Known entities mentioned again: new aliases, a name for an unnamed one ("wife" → "Sarah"), gravity never
// lowered, relevance refreshed, and a link from each domain they now appear in.
UNWIND $entities AS ent
MATCH (e:Memory:Entity {id: ent.id, tenantId: $tenantId, userId: $userId})
MATCH (d:Memory:Domain {tenantId: $tenantId, userId: $userId, name: ent.domain})
SET e.name = CASE WHEN ent.renames THEN ent.name ELSE e.name END,
    e.topic = CASE WHEN ent.renames THEN ent.name ELSE e.topic END,
    e.kind = CASE WHEN e.kind = 'concept' AND ent.kind <> 'concept' THEN ent.kind ELSE e.kind END,
    e.relation = coalesce(e.relation, ent.relation),
    e.aliases = reduce(acc = coalesce(e.aliases, []), a IN ent.aliases | CASE WHEN a IN acc THEN acc ELSE acc + a END),
    e.gravity = CASE WHEN ent.gravity > e.gravity THEN ent.gravity ELSE e.gravity END,
    e.lastRelevantAt = datetime(), e.updatedAt = datetime()
SET e.aliasText = reduce(s = '', a IN e.aliases | s + ' ' + a), e.baseScore = e.gravity
MERGE (d)-[:HAS_ENTITY]->(e)
RETURN e.id AS id
