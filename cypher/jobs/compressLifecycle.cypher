// Lifecycle compression of one tenant at $now (spec 2.9, 3.1): very old, low-salience facts of one entity are
// consolidated into ONE summary fact per entity; summaries are kept, originals removed.
// A fact qualifies when it is dormant, its materialised salience is below $injectionThreshold·0.5, it was last
// relevant more than $compressAfterDays before $now, it is neither pinned nor archived, it is not itself a
// summary, and it has no links besides HAS_FACET, DERIVED_FROM and RELATES_TO (so nothing else is lost).
// An entity is compressed only when at least $minOriginals facts qualify. The summary fact (summaryFor = the
// entity's id) holds every original's summary in `compressedSummaries`, shows the first five in `summary`,
// keeps the highest base score, and takes over all DERIVED_FROM (provenance) and RELATES_TO links (both ways).
// It is an ordinary memory: materialiseSalience keeps its salience and state from then on.
WITH datetime($now) AS now
MATCH (e:Memory:Entity {tenantId: $tenantId})-[:HAS_FACET]->(f:Memory:Facet {tenantId: $tenantId, state: 'dormant'})
WHERE f.userId = e.userId AND f.summaryFor IS NULL
  AND f.salience < $injectionThreshold * 0.5
  AND f.lastRelevantAt < now - duration({days: $compressAfterDays})
  AND NOT coalesce(f.pinned, false) AND NOT coalesce(f.archived, false)
  AND NOT EXISTS { (f)-[r]-() WHERE NOT type(r) IN ['HAS_FACET', 'DERIVED_FROM', 'RELATES_TO'] }
WITH now, e, f ORDER BY f.createdAt
WITH now, e, collect(f) AS candidates
WHERE size(candidates) >= $minOriginals
CALL (now, e, candidates) {
  // Checked again inside the batch: a fact reinforced since the scan above is no longer a candidate.
  WITH now, e, [f IN candidates WHERE f.state = 'dormant' AND f.lastRelevantAt < now - duration({days: $compressAfterDays})] AS originals
  WHERE size(originals) >= $minOriginals
  MERGE (e)-[:HAS_FACET]->(s:Memory:Facet {tenantId: e.tenantId, userId: e.userId, summaryFor: e.id})
  ON CREATE SET s.id = randomUUID(), s.createdAt = now, s.summaryOf = 0, s.compressedSummaries = [],
    s.baseScore = 0.0, s.processingCount = 0, s.spike = 0.0, s.decayModifier = coalesce(originals[0].decayModifier, 1.0),
    s.pinned = false, s.archived = false, s.categories = [], s.lastRelevantAt = originals[0].lastRelevantAt,
    s.state = 'dormant', s.stateChangedAt = now
  WITH now, e, originals, s
  CALL (originals) {
    UNWIND originals AS f
    WITH f.domain AS domain, count(*) AS n ORDER BY n DESC, domain LIMIT 1
    RETURN domain
  }
  WITH now, e, originals, s, domain,
       coalesce(s.compressedSummaries, []) + [f IN originals | coalesce(f.summary, f.topic, '')] AS texts
  SET s.summaryOf = coalesce(s.summaryOf, 0) + size(originals),
      s.compressedSummaries = texts,
      s.topic = CASE WHEN e.kind = 'self' THEN 'earlier memories' ELSE 'earlier memories of ' + e.name END,
      s.summary = reduce(acc = '', x IN texts[0..5] | acc + CASE WHEN acc = '' THEN '' ELSE ' ' END + x) +
                  CASE WHEN size(texts) > 5 THEN ' … and ' + toString(size(texts) - 5) + ' more.' ELSE '' END,
      s.domain = coalesce(s.domain, domain),
      s.categories = reduce(acc = coalesce(s.categories, []), f IN originals |
                       acc + [c IN coalesce(f.categories, []) WHERE NOT c IN acc]),
      s.baseScore = reduce(acc = coalesce(s.baseScore, 0.0), f IN originals | CASE WHEN f.baseScore > acc THEN f.baseScore ELSE acc END),
      s.processingCount = reduce(acc = coalesce(s.processingCount, 0), f IN originals |
                            CASE WHEN f.processingCount > acc THEN f.processingCount ELSE acc END),
      s.decayModifier = reduce(acc = coalesce(s.decayModifier, 1.0), f IN originals |
                          CASE WHEN f.decayModifier < acc THEN f.decayModifier ELSE acc END),
      s.lastRelevantAt = reduce(acc = s.lastRelevantAt, f IN originals | CASE WHEN f.lastRelevantAt > acc THEN f.lastRelevantAt ELSE acc END),
      s.salience = reduce(acc = coalesce(s.salience, 0.0), f IN originals | CASE WHEN f.salience > acc THEN f.salience ELSE acc END),
      s.salienceAt = now, s.compressedAt = now, s.updatedAt = now
  // The summary's vector: the mean of the vectors of one embedding model (cosine ignores the scale).
  WITH e, originals, s,
       [x IN [s] + originals WHERE x.embedding IS NOT NULL AND x.embeddingModel = coalesce(s.embeddingModel, head([o IN originals WHERE o.embedding IS NOT NULL | o.embeddingModel]))] AS embedded
  SET s.embeddingModel = head([x IN embedded | x.embeddingModel]),
      s.embedding = CASE WHEN size(embedded) = 0 THEN null
                         ELSE [i IN range(0, size(embedded[0].embedding) - 1) | reduce(acc = 0.0, x IN embedded | acc + x.embedding[i]) / size(embedded)] END
  WITH e, originals, s
  CALL (s, originals) {
    UNWIND originals AS f
    MATCH (f)-[:DERIVED_FROM]->(msg:Message)
    MERGE (s)-[:DERIVED_FROM]->(msg)
    RETURN count(DISTINCT msg) AS sources
  }
  CALL (s, originals) {
    UNWIND originals AS f
    MATCH (f)-[r:RELATES_TO]->(o:Memory)
    WHERE o <> s AND NOT o IN originals
    MERGE (s)-[k:RELATES_TO]->(o)
    ON CREATE SET k.weight = r.weight, k.coActivations = r.coActivations
    ON MATCH SET k.weight = CASE WHEN r.weight > k.weight THEN r.weight ELSE k.weight END,
                 k.coActivations = coalesce(k.coActivations, 0) + coalesce(r.coActivations, 0)
    RETURN count(*) AS outgoing
  }
  CALL (s, originals) {
    UNWIND originals AS f
    MATCH (o:Memory)-[r:RELATES_TO]->(f)
    WHERE o <> s AND NOT o IN originals
    MERGE (o)-[k:RELATES_TO]->(s)
    ON CREATE SET k.weight = r.weight, k.coActivations = r.coActivations
    ON MATCH SET k.weight = CASE WHEN r.weight > k.weight THEN r.weight ELSE k.weight END,
                 k.coActivations = coalesce(k.coActivations, 0) + coalesce(r.coActivations, 0)
    RETURN count(*) AS incoming
  }
  CALL (originals) {
    UNWIND originals AS f
    DETACH DELETE f
    RETURN count(*) AS removed
  }
  RETURN s.id AS summaryId, removed, sources
} IN TRANSACTIONS OF $batchSize ROWS
RETURN count(summaryId) AS summaries, coalesce(sum(removed), 0) AS compressed, coalesce(sum(sources), 0) AS sources
