// Removes the generated memories of one run (test/integration/salienceForms.test.ts).
MATCH (m:Memory {tenantId: $tenantId})
DETACH DELETE m
RETURN count(*) AS deleted
