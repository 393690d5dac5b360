// Interest stages of one tenant at $now, from evidence AND time (spec 3.2). A pure function of the stored
// fields, so running it twice changes nothing:
//   by evidence: 4+ mentions persistent, 2–3 tentative, 1 ephemeral (the write path's rule);
//   by time, counted from when the interest was last relevant (a new mention, a processing event):
//     persistent drops to tentative after $persistentStaleDays and to ephemeral after a further
//     $tentativeStaleDays; tentative drops to ephemeral after $tentativeStaleDays.
// A new mention refreshes lastRelevantAt and the write path sets the stage from evidence again.
// Archiving (spec 3.4): an interest that has been ephemeral by these rules for $archiveAfterDays more days is a
// passing interest that has passed (one mention: 180 days of silence; tentative: 60 + 180; persistent: 150 + 180). It is archived: kept, marked in the v1 list and export, left out of
// retrieval and of the b2c list and export. Pinned interests are never archived; a new mention restores it.
WITH datetime($now) AS now
MATCH (i:Memory:Interest {tenantId: $tenantId})
CALL (i, now) {
  WITH i, now, coalesce(i.evidence, 1) AS evidence,
       (now.epochMillis - datetime(coalesce(i.lastRelevantAt, i.createdAt, now)).epochMillis) / 86400000.0 AS stale
  WITH i, now, stale, CASE WHEN evidence >= 4 THEN 2 WHEN evidence >= 2 THEN 1 ELSE 0 END AS byEvidence
  WITH i, now, stale, byEvidence, byEvidence - CASE
         WHEN byEvidence = 2 THEN CASE WHEN stale >= $persistentStaleDays + $tentativeStaleDays THEN 2
                                       WHEN stale >= $persistentStaleDays THEN 1 ELSE 0 END
         WHEN byEvidence = 1 THEN CASE WHEN stale >= $tentativeStaleDays THEN 1 ELSE 0 END
         ELSE 0 END AS rank,
       CASE i.stage WHEN 'persistent' THEN 2 WHEN 'tentative' THEN 1 ELSE 0 END AS beforeRank
  WITH i, now, stale, byEvidence, rank, beforeRank, ['ephemeral', 'tentative', 'persistent'][rank] AS stage,
       rank = 0 AND NOT coalesce(i.pinned, false) AND stale >= $archiveAfterDays + CASE byEvidence
         WHEN 2 THEN $persistentStaleDays + $tentativeStaleDays WHEN 1 THEN $tentativeStaleDays ELSE 0 END AS archive,
       coalesce(i.archived, false) AS wasArchived
  WHERE i.stage IS NULL OR i.stage <> stage OR wasArchived <> archive
  SET i.stageChangedAt = CASE WHEN i.stage = stage THEN i.stageChangedAt ELSE now END, i.stage = stage, i.archived = archive
  RETURN CASE WHEN rank > beforeRank THEN 1 ELSE 0 END AS promoted, CASE WHEN rank < beforeRank THEN 1 ELSE 0 END AS demoted,
         CASE WHEN archive AND NOT wasArchived THEN 1 ELSE 0 END AS archived,
         CASE WHEN wasArchived AND NOT archive THEN 1 ELSE 0 END AS restored
} IN TRANSACTIONS OF $batchSize ROWS
RETURN count(*) AS changed, coalesce(sum(promoted), 0) AS promoted, coalesce(sum(demoted), 0) AS demoted,
       coalesce(sum(archived), 0) AS archived, coalesce(sum(restored), 0) AS restored
