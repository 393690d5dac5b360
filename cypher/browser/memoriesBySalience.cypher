// A person's facts by stored base score and freshness (current salience is computed by the service; this is
// the raw material: base score, spike, processing history, last relevance).
MATCH (e:Entity {tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Facet)
RETURN f.topic AS topic, f.summary AS summary, e.name AS about, f.baseScore AS baseScore, f.spike AS spike,
       f.processingCount AS processed, f.lastRelevantAt AS lastRelevant, f.eventDate AS eventDate, f.pinned AS pinned
ORDER BY f.baseScore DESC, f.lastRelevantAt DESC
LIMIT 100
