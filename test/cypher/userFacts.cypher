// A person's facts with their subject entity and provenance, for shape assertions.
MATCH (e:Entity {tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(f:Facet)
RETURN f.id AS id, f.summary AS summary, f.topic AS topic, f.domain AS domain, e.name AS subject, e.id AS subjectId,
       e.relation AS relation, e.aliases AS aliases, toString(f.eventDate) AS eventDate, f.processingCount AS processingCount,
       f.metadata AS metadata, f.nodeType AS nodeType, f.embeddingModel AS embeddingModel, size(f.embedding) AS dims,
       COUNT { (f)-[:DERIVED_FROM]->(:Message) } AS sources,
       [(f)-[:RELATES_TO]->(o:Entity) | o.name] AS related
ORDER BY f.createdAt
