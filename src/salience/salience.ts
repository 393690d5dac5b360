// Salience: how important a memory is right now (spec 2.6, DESIGN.md "Salience").
//
//   S = clamp(floor + (B − floor)·e^(−λ·Δt) + spike·e^(−Δt_spike/τ), 0, 1)
//   floor = residualFloor·B,   λ = baseRate·decayModifier / (1 + processingBoost·ln(1 + processingCount))
//
// Δt is days since the memory was last relevant. Processing history slows decay, the floor keeps a trace of
// every memory, and spikes (life events, reactivation) add a boost that fades with time constant τ.
// The read path computes S from stored fields, so it never depends on a scheduled job having run.

export interface DecayParams {
  /** Fraction of the above-floor salience lost per day, before processing history. */
  baseRate: number;
  processingBoost: number;
  /** Share of the base score a memory keeps however old it is. */
  residualFloor: number;
  /** Days for a spike to fall to 1/e of its height. */
  spikeTauDays: number;
}

export const DEFAULT_DECAY: DecayParams = { baseRate: 0.03, processingBoost: 0.6, residualFloor: 0.25, spikeTauDays: 7 };

/** The salience a memory needs to be injected, unless a tenant's profile says otherwise. */
export const DEFAULT_INJECTION_THRESHOLD = 0.25;

export interface SalienceFields {
  baseScore: number;
  processingCount: number;
  /** ISO time or epoch ms. */
  lastRelevantAt: string | number;
  spike: number;
  spikeAt: string | number | null;
  decayModifier: number;
}

const DAY_MS = 86_400_000;
const ms = (t: string | number) => (typeof t === 'number' ? t : Date.parse(t));

export function salienceAt(m: SalienceFields, p: DecayParams = DEFAULT_DECAY, now = Date.now()): number {
  const b = clamp01(m.baseScore);
  const floor = p.residualFloor * b;
  const days = Math.max(0, (now - ms(m.lastRelevantAt)) / DAY_MS);
  const lambda = (p.baseRate * (m.decayModifier || 1)) / (1 + p.processingBoost * Math.log1p(Math.max(0, m.processingCount)));
  let s = floor + (b - floor) * Math.exp(-lambda * days);
  if (m.spike > 0 && m.spikeAt !== null) {
    const spikeDays = Math.max(0, (now - ms(m.spikeAt)) / DAY_MS);
    s += m.spike * Math.exp(-spikeDays / p.spikeTauDays);
  }
  return Math.round(clamp01(s) * 1000) / 1000;
}

export const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Spike heights by trigger. */
export const SPIKES = {
  lifeEvent: 0.3,
  /** A dormant topic comes back in conversation. */
  reactivation: 0.25,
  /** POST /process/{node_id}: the app says the memory was used. */
  processed: 0.1,
} as const;

/** After this many days without relevance a topic counts as dormant, and its return raises a spike. */
export const DORMANT_AFTER_DAYS = 14;

/** Salience fields as read from the graph, where older or partial nodes may lack some. Times: ISO or epoch ms. */
export interface StoredSalienceFields {
  baseScore?: number | null;
  processingCount?: number | null;
  lastRelevantAt?: string | number | null;
  createdAt: string | number;
  spike?: number | null;
  spikeAt?: string | number | null;
  decayModifier?: number | null;
}

export function salienceOfStored(m: StoredSalienceFields, p: DecayParams, now: number): number {
  return salienceAt(
    {
      baseScore: m.baseScore ?? 0,
      processingCount: m.processingCount ?? 0,
      lastRelevantAt: m.lastRelevantAt ?? m.createdAt,
      spike: m.spike ?? 0,
      spikeAt: m.spikeAt ?? null,
      decayModifier: m.decayModifier ?? 1,
    },
    p,
    now,
  );
}
