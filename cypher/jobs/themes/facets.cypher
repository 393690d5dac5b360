// One person's facts that themes are inferred from: the newest $limit, not archived, with the day each
// happened on (event time, else when it was stored). Terms are extracted in TypeScript (src/jobs/themes.ts).
MATCH (f:Memory:Facet {tenantId: $tenantId, userId: $userId})
WHERE NOT coalesce(f.archived, false) AND f.domain IS NOT NULL
WITH f ORDER BY f.createdAt DESC LIMIT $limit
RETURN f.id AS id, f.domain AS domain, f.topic AS topic, f.summary AS summary,
       toString(date(coalesce(f.eventTime, f.createdAt))) AS day
