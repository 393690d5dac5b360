// cross-tenant: an eraser that stops hands back every open erase it holds, whichever tenant's, so another process
// (or this one after a restart) takes them up at once instead of waiting for the lease to run out.
MATCH (d:DeletionRecord)
WHERE d.status IN ['pending', 'running'] AND d.claimedBy = $eraserId
SET d.claimedBy = null, d.leaseUntil = null
RETURN count(d) AS released
