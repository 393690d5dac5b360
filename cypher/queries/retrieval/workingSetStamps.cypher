// What the in-process working set (src/retrieval/workingSet.ts) compares with what it holds: every memory of the
// person but domains, with a stamp of everything a write or a job may change in what retrieval reads (fields,
// its owner, what it relates to, what contradicts it, the messages it was derived from). A changed stamp means the
// record is read again.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
WHERE NOT m:Domain
RETURN m.id AS id,
       [toString(coalesce(m.updatedAt, m.createdAt)), toString(m.lastRelevantAt), toString(m.spikeAt), m.spike,
        m.processingCount, m.pinned, m.archived, m.stage, m.gravity, m.relation, m.name, m.kind,
        size(coalesce(m.aliases, [])), m.baseScore, m.decayModifier, size(coalesce(m.summary, '')),
        size(coalesce(m.topic, '')), size(coalesce(m.categories, [])), m.domain, toString(m.eventDate),
        COUNT { (m)-[:CONTRADICTS]-() }, COUNT { (m)-[:RELATES_TO]->() }, COUNT { (m)-[:DERIVED_FROM]->() },
        COUNT { (m)<-[:HAS_FACET|HAS_THEME|HAS_INTEREST]-() }] AS stamp
