// The salience the job materialised, per memory of a tenant (test/integration/salienceForms.test.ts).
MATCH (m:Memory {tenantId: $tenantId})
RETURN m.id AS id, m.salience AS salience, m.salienceAt AS salienceAt
