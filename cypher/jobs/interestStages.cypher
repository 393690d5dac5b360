// Interest stages of one tenant at $now, from evidence AND time (spec 3.2). A pure function of the stored
// fields, so running it twice changes nothing:
//   by evidence: 4+ mentions persistent, 2–3 tentative, 1 ephemeral (the write path's rule);
//   by time, counted from when the interest was last relevant (a new mention, a processing event):
//     persistent drops to tentative after $persistentStaleDays and to ephemeral after a further
//     $tentativeStaleDays; tentative drops to ephemeral after $tentativeStaleDays.
// A new mention refreshes lastRelevantAt and the write path sets the stage from evidence again.
WITH datetime($now) AS now
MATCH (i:Memory:Interest {tenantId: $tenantId})
CALL (i, now) {
  WITH i, now, coalesce(i.evidence, 1) AS evidence,
       (now.epochMillis - datetime(coalesce(i.lastRelevantAt, i.createdAt, now)).epochMillis) / 86400000.0 AS stale
  WITH i, now, stale, CASE WHEN evidence >= 4 THEN 2 WHEN evidence >= 2 THEN 1 ELSE 0 END AS byEvidence
  WITH i, now, byEvidence - CASE
         WHEN byEvidence = 2 THEN CASE WHEN stale >= $persistentStaleDays + $tentativeStaleDays THEN 2
                                       WHEN stale >= $persistentStaleDays THEN 1 ELSE 0 END
         WHEN byEvidence = 1 THEN CASE WHEN stale >= $tentativeStaleDays THEN 1 ELSE 0 END
         ELSE 0 END AS rank,
       CASE i.stage WHEN 'persistent' THEN 2 WHEN 'tentative' THEN 1 ELSE 0 END AS beforeRank
  WITH i, now, rank, beforeRank, ['ephemeral', 'tentative', 'persistent'][rank] AS stage
  WHERE i.stage IS NULL OR i.stage <> stage
  SET i.stage = stage, i.stageChangedAt = now
  RETURN CASE WHEN rank > beforeRank THEN 1 ELSE 0 END AS promoted, CASE WHEN rank < beforeRank THEN 1 ELSE 0 END AS demoted
} IN TRANSACTIONS OF $batchSize ROWS
RETURN count(*) AS changed, coalesce(sum(promoted), 0) AS promoted, coalesce(sum(demoted), 0) AS demoted
