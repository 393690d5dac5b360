// The salience jobs' view of one person: every memory with the fields the formula uses, its kind, parent and links.
MATCH (m:Memory {tenantId: $tenantId, userId: $userId})
OPTIONAL MATCH (parent:Memory)-[:HAS_FACET|HAS_THEME|HAS_INTEREST]->(m)
RETURN m.id AS id, [l IN labels(m) WHERE l IN ['Domain', 'Entity', 'Facet', 'Theme', 'Interest']][0] AS kind,
       m.topic AS topic, m.summary AS summary, m.domain AS domain, m.kind AS entityKind, m.baseScore AS baseScore,
       m.processingCount AS processingCount, m.lastRelevantAt AS lastRelevantAt, m.createdAt AS createdAt,
       m.spike AS spike, m.spikeAt AS spikeAt, m.decayModifier AS decayModifier, m.pinned AS pinned,
       m.archived AS archived, m.salience AS salience, m.salienceAt AS salienceAt, m.state AS state,
       m.stateChangedAt AS stateChangedAt, m.stage AS stage, m.evidence AS evidence, m.topicKey AS topicKey,
       m.summaryOf AS summaryOf, m.summaryFor AS summaryFor, m.compressedSummaries AS compressedSummaries,
       size(m.embedding) AS dims, parent.id AS parentId, parent.kind AS parentKind,
       [(m)-[:DERIVED_FROM]->(msg:Message) | msg.id] AS messageIds,
       [(m)-[:RELATES_TO]->(o:Memory) | o.id] AS relatesTo
ORDER BY m.createdAt
