// Themes of one person: a term recurring in a domain over time (src/jobs/themes.ts decides which), each under
// the person's self entity, with DERIVED_FROM to the messages of the facts it came from (provenance).
// New evidence refreshes the theme; a run that finds nothing new changes nothing but the counts.
WITH datetime($now) AS now
MATCH (self:Memory:Entity {tenantId: $tenantId, userId: $userId, kind: 'self'})
WITH now, self LIMIT 1
UNWIND $themes AS th
CALL (now, self, th) {
  MATCH (f:Memory:Facet {tenantId: $tenantId, userId: $userId})
  WHERE f.id IN th.facetIds
  RETURN max(f.lastRelevantAt) AS latest, collect(f) AS facets
}
MERGE (t:Memory:Theme {tenantId: $tenantId, userId: $userId, domain: th.domain, topicKey: th.key})
ON CREATE SET t.id = randomUUID(), t.createdAt = now, t.evidence = 0, t.processingCount = 0, t.spike = 0.0,
  t.decayModifier = 1.0, t.state = 'active', t.pinned = false, t.archived = false, t.lastRelevantAt = coalesce(latest, now)
WITH now, self, th, t, latest, facets, t.evidence AS before
SET t.topic = th.topic, t.summary = th.summary, t.evidence = th.evidence, t.days = th.days,
    t.baseScore = th.baseScore, t.updatedAt = CASE WHEN th.evidence <> before THEN now ELSE t.updatedAt END,
    t.lastRelevantAt = CASE WHEN latest IS NOT NULL AND latest > t.lastRelevantAt THEN latest ELSE t.lastRelevantAt END
MERGE (self)-[:HAS_THEME]->(t)
WITH t, before, facets
CALL (t, facets) {
  UNWIND facets AS f
  MATCH (f)-[:DERIVED_FROM]->(msg:Message)
  MERGE (t)-[:DERIVED_FROM]->(msg)
  RETURN count(DISTINCT msg) AS sources
}
RETURN t.id AS id, t.topicKey AS key, t.domain AS domain, before = 0 AS created, t.evidence <> before AS grown,
       t.evidence AS evidence, sources
