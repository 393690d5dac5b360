// A person's salience and domain distribution, from the salience the materialiseSalience job last stored (the
// one place the formula lives in Cypher; GET /api/v1/diagnostics/{user_id} computes the same formula right now, so
// the two agree as of `materialisedAt`). One row per domain of the person's facts, themes and interests, one for
// their domain and entity nodes, and one for all memory nodes: how many, how many the job has not reached yet
// (`notMaterialised`, left out of the salience figures), mean salience, how many reach the injection threshold,
// lifecycle states, and `buckets`, the counts in [0, 0.1), [0.1, 0.2), … [0.9, 1.0].
// Set :param tenantId => '…' and :param userId => '…' first.
OPTIONAL MATCH (p:Profile {tenantId: $tenantId})
WITH coalesce(p.injectionThreshold, 0.25) AS threshold
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WITH threshold,
     CASE WHEN m:Domain OR m:Entity THEN '(domain and entity nodes)' ELSE coalesce(m.domain, '(no domain)') END AS domain,
     collect({s: m.salience, at: m.salienceAt, state: coalesce(m.state, 'active')}) AS items
WITH threshold, collect({domain: domain, items: items}) AS groups
UNWIND groups + [{domain: '(all memory nodes)', items: reduce(acc = [], g IN groups | acc + g.items)}] AS g
WITH threshold, g.domain AS domain, g.items AS items, [x IN g.items WHERE x.s IS NOT NULL | x.s] AS ss
RETURN domain, size(items) AS memories, size(items) - size(ss) AS notMaterialised,
       reduce(oldest = null, x IN items | CASE WHEN x.at IS NOT NULL AND (oldest IS NULL OR x.at < oldest) THEN x.at ELSE oldest END) AS materialisedAt,
       CASE WHEN size(ss) = 0 THEN null ELSE round(reduce(t = 0.0, x IN ss | t + x) / size(ss), 3) END AS meanSalience,
       size([x IN ss WHERE x >= threshold]) AS aboveThreshold, threshold,
       size([x IN items WHERE x.state = 'active']) AS active, size([x IN items WHERE x.state = 'dormant']) AS dormant,
       [i IN range(0, 9) | size([x IN ss WHERE CASE WHEN toInteger(round(x * 1000)) / 100 > 9 THEN 9 ELSE toInteger(round(x * 1000)) / 100 END = i])] AS buckets
ORDER BY domain STARTS WITH '(', memories DESC, domain
