// Operator changes: tier, status, trial end and limit overrides. A null in $changes leaves a field alone
// unless its name is in $clear (so an override can be removed).
MATCH (t:Tenant {id: $tenantId})
SET t.tier = coalesce($changes.tier, t.tier),
    t.status = coalesce($changes.status, t.status),
    t.trialEnds = CASE WHEN $changes.trialEnds IS NOT NULL THEN datetime($changes.trialEnds)
                       WHEN 'trialEnds' IN $clear THEN null ELSE t.trialEnds END,
    t.maxUsers = CASE WHEN 'maxUsers' IN $clear THEN null ELSE coalesce($changes.maxUsers, t.maxUsers) END,
    t.maxNodesPerUser = CASE WHEN 'maxNodesPerUser' IN $clear THEN null ELSE coalesce($changes.maxNodesPerUser, t.maxNodesPerUser) END,
    t.rateLimitRpm = CASE WHEN 'rateLimitRpm' IN $clear THEN null ELSE coalesce($changes.rateLimitRpm, t.rateLimitRpm) END,
    t.rateLimitDaily = CASE WHEN 'rateLimitDaily' IN $clear THEN null ELSE coalesce($changes.rateLimitDaily, t.rateLimitDaily) END,
    t.updatedAt = datetime()
RETURN t.id AS tenantId
