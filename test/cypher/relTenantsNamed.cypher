// Reliability campaign: tenants created under a name or a signup email (a refused signup must create none).
MATCH (t:Tenant) WHERE t.name IN $names OR t.signupEmail IN $emails
RETURN count(t) AS tenants, collect(t.id) AS ids
