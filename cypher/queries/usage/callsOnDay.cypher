MATCH (u:UsageDay {keyId: $keyId, day: $day})
RETURN u.calls AS calls
