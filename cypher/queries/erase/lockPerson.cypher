// First step of every erase transaction: takes the person's locks and says whether an erase is already open. Read
// after the locks, so two requests cannot both open one. First the write lock of the person's inbox, which every
// acknowledgement takes before it reads the erase marker (messages/saveMessages): an acknowledgement in flight
// commits before this transaction goes on (its message is counted and erased), and one arriving later waits for
// this transaction and then sees the marker. Then the person's own write lock (the memory version bump), which the
// worker's writes take.
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
MERGE (inbox:Inbox {tenantId: $tenantId, userId: $userId})
SET inbox.locked = true
WITH u
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
// Matched again under the locks: an erase that ended while this one waited for them deleted the person (writes to a
// node deleted meanwhile do nothing), and then there is no row, as for a person never seen.
WITH u
MATCH (still:EndUser {tenantId: $tenantId, userId: $userId})
WHERE still = u
RETURN still.erasing AS erasing
