// A batch of memories whose vector one old embedder made, with the text the write path embeds for that kind of
// memory (src/ingest/plan.ts factEmbeddingText, controls' fix): a facet's "topic. summary" (with the question a framed
// answer answers before the summary), another's summary.
// cross-tenant: an operator's job after a change of embedder, over every tenant unless $tenantId names one.
MATCH (m:Memory {embeddingModel: $from})
WHERE m.embedding IS NOT NULL AND ($tenantId IS NULL OR m.tenantId = $tenantId)
RETURN m.id AS id, m.tenantId AS tenantId,
       CASE WHEN m:Facet THEN coalesce(m.topic, '') + '. ' + coalesce(m.askedWith + ' ', '') + coalesce(m.summary, '')
            ELSE coalesce(m.summary, m.topic, '') END AS text
LIMIT toInteger($limit)
