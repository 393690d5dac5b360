// The fused candidates that may be injected, in full, in the order given: their salience now, the fields ranking,
// framing and rendering read, the entity that owns each (its name and aliases for suppression, its gravity for
// ranking), the names of the entities it relates to, the memories that contradict it, the messages it came from, and
// when $quotes, the words of its one message and when they were said (a fact or interest drawn from one processed message, none withheld).
// Archived ones are left out, and so is one below $threshold unless pinned: most of a long-lived person's memories
// have decayed below it, and only their salience is read.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
USING INDEX m:Memory(id)
WHERE m.tenantId = $tenantId AND m.userId = $userId AND NOT m:Domain AND NOT coalesce(m.archived, false)
// Salience at $now (epoch milliseconds), term for term as salienceAt() in src/salience/salience.ts computes it
// (test/integration/salienceForms.test.ts checks the two equal):
//   S = round(clamp(floor + (B − floor)·e^(−λ·Δt) + spike·e^(−Δt_spike/τ), 0, 1), 3)
//   floor = residualFloor·B,  λ = baseRate·decayModifier / (1 + processingBoost·ln(1 + processingCount))
WITH m,
     CASE WHEN m.baseScore IS NULL OR isNaN(toFloat(m.baseScore)) OR m.baseScore < 0 THEN 0.0
          WHEN m.baseScore > 1 THEN 1.0 ELSE toFloat(m.baseScore) END AS b,
     CASE WHEN coalesce(m.decayModifier, 0) = 0 THEN 1.0 ELSE toFloat(m.decayModifier) END AS dm,
     CASE WHEN coalesce(m.processingCount, 0) < 0 THEN 0 ELSE coalesce(m.processingCount, 0) END AS pc,
     ($now - datetime(coalesce(m.lastRelevantAt, m.createdAt)).epochMillis) / 86400000.0 AS rawDays,
     coalesce(m.spike, 0) AS spike
WITH m, b, $residualFloor * b AS floor, $baseRate * dm / (1 + $processingBoost * log(1 + pc)) AS lambda,
     CASE WHEN rawDays < 0 THEN 0.0 ELSE rawDays END AS days, spike,
     CASE WHEN spike > 0 AND m.spikeAt IS NOT NULL THEN ($now - datetime(m.spikeAt).epochMillis) / 86400000.0 END AS rawSpikeDays
WITH m, floor + (b - floor) * exp(-lambda * days) +
     CASE WHEN rawSpikeDays IS NULL THEN 0.0
          ELSE spike * exp(-(CASE WHEN rawSpikeDays < 0 THEN 0.0 ELSE rawSpikeDays END) / $spikeTauDays) END AS raw
WITH m, round(CASE WHEN raw < 0 THEN 0.0 WHEN raw > 1 THEN 1.0 ELSE raw END, 3) AS salience
WHERE salience >= $threshold OR m.pinned = true
// Its links in one pass over its relationships (four patterns walked them four times): the owning entity, the entities
// it relates to, what contradicts it (either way), the messages it came from. All within the person by construction.
WITH m, salience, [(m)-[r:HAS_FACET|HAS_THEME|HAS_INTEREST|RELATES_TO|CONTRADICTS|DERIVED_FROM]-(x) | {type: type(r), out: startNode(r) = m, x: x}] AS links
WITH m, salience, links, head([l IN links WHERE l.type IN ['HAS_FACET', 'HAS_THEME', 'HAS_INTEREST'] AND NOT l.out | l.x]) AS owner,
     [l IN links WHERE l.type = 'DERIVED_FROM' AND l.out | l.x] AS sources
// Only what each kind has is read: a property a node lacks costs a walk of all its properties (a fact has thirty), so
// an entity's own fields are read for entities only, and a message's words only for a fact or interest with one.
// Times as epoch milliseconds: plain numbers cross Bolt far more cheaply than temporal values.
RETURN m {.id, .topic, .summary, createdAt: m.createdAt.epochMillis, eventTime: m.eventTime.epochMillis, .pinned, .standing, .domain,
          eventDate: toString(m.eventDate)} AS memory,
       salience,
       CASE WHEN m:Entity THEN m {.name, .kind, .relation, .aliases, .gravity} END AS entity,
       [l IN labels(m) WHERE l IN ['Entity', 'Facet', 'Theme', 'Interest']][0] AS nodeKind,
       CASE WHEN owner IS NULL THEN null
            ELSE owner {.id, .name, .kind, .relation, .aliases, gravity: coalesce(owner.gravity, 0.0)} END AS owner,
       [l IN links WHERE l.type = 'RELATES_TO' AND l.out | l.x.name] AS related,
       [l IN links WHERE l.type = 'CONTRADICTS' | l.x.id] AS contradicts,
       [s IN sources | s.id] AS sources,
       CASE WHEN $quotes AND size(sources) = 1 AND (m:Facet OR m:Interest)
            THEN [s IN sources WHERE s.status = 'done' AND s.withheld IS NULL AND s.text IS NOT NULL
                  | s {.id, .text, .speaker, .speakerName, saidAt: coalesce(s.eventTime, s.receivedAt).epochMillis}][0] END AS message
