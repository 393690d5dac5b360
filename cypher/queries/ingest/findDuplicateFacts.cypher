// Facts of this person with the same content fingerprint: a restatement, not a new memory.
UNWIND $fingerprints AS fp
MATCH (m:Memory {tenantId: $tenantId, userId: $userId, fingerprint: fp})
RETURN fp AS fingerprint, m.id AS id
