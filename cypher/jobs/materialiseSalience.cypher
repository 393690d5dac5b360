// Materialises salience for one tenant at $now and moves memories between active and dormant (spec 3.1).
// The formula is salienceAt() in src/salience/salience.ts, term for term (test/integration/salienceForms.test.ts
// checks the two equal on generated memories); the Browser query personDiagnostics reads what this stores:
//   S = round(clamp(floor + (B − floor)·e^(−λ·Δt) + spike·e^(−Δt_spike/τ), 0, 1), 3)
//   floor = residualFloor·B,  λ = baseRate·decayModifier / (1 + processingBoost·ln(1 + processingCount))
// Dormant when S < $injectionThreshold and not pinned; active otherwise (dormant → active is reactivation).
// $now is the scheduler's clock (ISO time), never datetime(): the jobs are testable and replayable.
WITH datetime($now) AS now
MATCH (m:Memory {tenantId: $tenantId})
WHERE coalesce(m.state, 'active') <> 'compressed'
CALL (m, now) {
  WITH m, now,
       CASE WHEN m.baseScore IS NULL OR isNaN(toFloat(m.baseScore)) OR m.baseScore < 0 THEN 0.0
            WHEN m.baseScore > 1 THEN 1.0 ELSE toFloat(m.baseScore) END AS b,
       CASE WHEN coalesce(m.decayModifier, 0) = 0 THEN 1.0 ELSE toFloat(m.decayModifier) END AS dm,
       CASE WHEN coalesce(m.processingCount, 0) < 0 THEN 0 ELSE coalesce(m.processingCount, 0) END AS pc,
       (now.epochMillis - datetime(coalesce(m.lastRelevantAt, m.createdAt, now)).epochMillis) / 86400000.0 AS rawDays
  WITH m, now, b, $residualFloor * b AS floor,
       $baseRate * dm / (1 + $processingBoost * log(1 + pc)) AS lambda,
       CASE WHEN rawDays < 0 THEN 0.0 ELSE rawDays END AS days,
       CASE WHEN coalesce(m.spike, 0) > 0 AND m.spikeAt IS NOT NULL
            THEN (now.epochMillis - datetime(m.spikeAt).epochMillis) / 86400000.0 END AS rawSpikeDays
  WITH m, now, floor + (b - floor) * exp(-lambda * days) +
       CASE WHEN rawSpikeDays IS NULL THEN 0.0
            ELSE m.spike * exp(-(CASE WHEN rawSpikeDays < 0 THEN 0.0 ELSE rawSpikeDays END) / $spikeTauDays) END AS raw
  WITH m, now, round(CASE WHEN raw < 0 THEN 0.0 WHEN raw > 1 THEN 1.0 ELSE raw END, 3) AS s,
       coalesce(m.state, 'active') AS before
  WITH m, now, s, before, CASE WHEN coalesce(m.pinned, false) OR s >= $injectionThreshold THEN 'active' ELSE 'dormant' END AS after
  SET m.salience = s, m.salienceAt = now, m.state = after,
      m.stateChangedAt = CASE WHEN after <> before THEN now ELSE m.stateChangedAt END
  RETURN CASE WHEN before <> 'dormant' AND after = 'dormant' THEN 1 ELSE 0 END AS wentDormant,
         CASE WHEN before = 'dormant' AND after = 'active' THEN 1 ELSE 0 END AS reactivated
} IN TRANSACTIONS OF $batchSize ROWS
RETURN count(*) AS scanned, coalesce(sum(wentDormant), 0) AS wentDormant, coalesce(sum(reactivated), 0) AS reactivated
