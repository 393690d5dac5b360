// One memory of a person by id, with what the controls need to decide how to treat it.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
RETURN m.id AS id, [l IN labels(m) WHERE l IN ['Domain', 'Entity', 'Facet', 'Theme', 'Interest']][0] AS type,
       m.kind AS kind, m.summaryFor IS NOT NULL AS isSummary
