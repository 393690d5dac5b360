// Calls of all of a tenant's keys today and since the first of the month (days are 'YYYY-MM-DD' strings).
MATCH (u:UsageDay {tenantId: $tenantId})
WHERE u.day >= $monthStart
RETURN sum(CASE WHEN u.day = $today THEN u.calls ELSE 0 END) AS today, sum(u.calls) AS thisMonth
