// One tenant's configuration profile; no row for a tenant still on the default (nothing is written on read).
MATCH (p:Profile {tenantId: $tenantId})
RETURN p {.preset, .baseRate, .processingBoost, .residualFloor, .spikeTauDays, .maxTokens, .injectionThreshold,
          .crisisSensitivity, .framing, .emotionWeight, .contradictionFlagging, .updatedAt} AS profile
