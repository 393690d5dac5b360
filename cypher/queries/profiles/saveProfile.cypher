// Writes a tenant's profile: created from $base (the defaults) the first time, then $changes laid over it.
// A preset sends every parameter, an update only those it changes, so concurrent updates of different
// parameters both land. Profile.tenantId is unique (constraint profile_tenant), which makes the MERGE safe.
MATCH (t:Tenant {id: $tenantId})
MERGE (p:Profile {tenantId: $tenantId})
  ON CREATE SET p += $base
MERGE (t)-[:HAS_PROFILE]->(p)
SET p += $changes, p.updatedAt = datetime()
SET p.maxTokens = toInteger(p.maxTokens)
RETURN p {.preset, .baseRate, .processingBoost, .residualFloor, .spikeTauDays, .maxTokens, .injectionThreshold,
          .crisisSensitivity, .framing, .emotionWeight, .contradictionFlagging, .updatedAt} AS profile
