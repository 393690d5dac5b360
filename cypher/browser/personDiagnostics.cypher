// A person's salience and domain distribution, as GET /api/v1/diagnostics/{user_id} sees it: salience right now
// (the service's formula, src/salience/salience.ts, with the tenant's profile or the defaults; not the `salience`
// field the jobs last materialised). One row per domain of the person's facts, themes and interests, one for
// their domain and entity nodes, and one for all memory nodes: how many, mean salience, how many reach the
// injection threshold, lifecycle states, and `buckets`, the counts in [0, 0.1), [0.1, 0.2), … [0.9, 1.0].
// Set :param tenantId => '…' and :param userId => '…' first.
OPTIONAL MATCH (p:Profile {tenantId: $tenantId})
WITH coalesce(p.baseRate, 0.03) AS baseRate, coalesce(p.processingBoost, 0.6) AS processingBoost,
     coalesce(p.residualFloor, 0.25) AS residualFloor, coalesce(p.spikeTauDays, 7.0) AS tau,
     coalesce(p.injectionThreshold, 0.25) AS threshold, datetime() AS now
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WITH m, threshold, now, tau,
     CASE WHEN m.baseScore IS NULL OR isNaN(toFloat(m.baseScore)) OR m.baseScore < 0 THEN 0.0
          WHEN m.baseScore > 1 THEN 1.0 ELSE toFloat(m.baseScore) END AS b,
     baseRate * (CASE WHEN coalesce(m.decayModifier, 0) = 0 THEN 1.0 ELSE toFloat(m.decayModifier) END)
       / (1 + processingBoost * log(1 + CASE WHEN coalesce(m.processingCount, 0) < 0 THEN 0 ELSE coalesce(m.processingCount, 0) END)) AS lambda,
     residualFloor
WITH m, threshold, b, residualFloor * b AS floor, lambda, tau,
     (now.epochMillis - datetime(coalesce(m.lastRelevantAt, m.createdAt, now)).epochMillis) / 86400000.0 AS days,
     CASE WHEN coalesce(m.spike, 0) > 0 AND m.spikeAt IS NOT NULL
          THEN (now.epochMillis - datetime(m.spikeAt).epochMillis) / 86400000.0 END AS spikeDays
WITH m, threshold,
     floor + (b - floor) * exp(-lambda * (CASE WHEN days < 0 THEN 0.0 ELSE days END)) +
     CASE WHEN spikeDays IS NULL THEN 0.0 ELSE m.spike * exp(-(CASE WHEN spikeDays < 0 THEN 0.0 ELSE spikeDays END) / tau) END AS raw
WITH m, threshold, round(CASE WHEN raw < 0 THEN 0.0 WHEN raw > 1 THEN 1.0 ELSE raw END, 3) AS s
WITH threshold,
     CASE WHEN m:Domain OR m:Entity THEN '(domain and entity nodes)' ELSE coalesce(m.domain, '(no domain)') END AS domain,
     collect({s: s, state: coalesce(m.state, 'active')}) AS items
WITH threshold, collect({domain: domain, items: items}) AS groups
UNWIND groups + [{domain: '(all memory nodes)', items: reduce(acc = [], g IN groups | acc + g.items)}] AS g
WITH threshold, g.domain AS domain, [x IN g.items | x.s] AS ss, g.items AS items
RETURN domain, size(ss) AS memories, round(reduce(t = 0.0, x IN ss | t + x) / size(ss), 3) AS meanSalience,
       size([x IN ss WHERE x >= threshold]) AS aboveThreshold, threshold,
       size([x IN items WHERE x.state = 'active']) AS active, size([x IN items WHERE x.state = 'dormant']) AS dormant,
       [i IN range(0, 9) | size([x IN ss WHERE CASE WHEN toInteger(round(x * 1000)) / 100 > 9 THEN 9 ELSE toInteger(round(x * 1000)) / 100 END = i])] AS buckets
ORDER BY domain STARTS WITH '(', memories DESC, domain
