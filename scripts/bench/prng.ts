// Seeded randomness for the benchmark's synthetic data: the same seed gives the same people, memories, questions
// and messages on every machine (mulberry32, the PRNG of scripts/bench-vector.ts).

export type Rand = () => number;

/** mulberry32: a small, fast, seeded PRNG returning numbers in [0, 1). */
export function prng(seed: number): Rand {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a base seed and labels (FNV-1a), so each person's data depends only on the seed and its id. */
export function seedOf(base: number, ...labels: string[]): number {
  let h = (0x811c9dc5 ^ base) >>> 0;
  for (const label of labels)
    for (let i = 0; i <= label.length; i++) h = Math.imul(h ^ (i < label.length ? label.charCodeAt(i) : 0x1f), 0x01000193) >>> 0;
  return h;
}

export const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const chance = (r: Rand, p: number) => r() < p;

/** Fisher-Yates on a copy. */
export function shuffled<T>(r: Rand, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A UUID (version 4 layout) drawn from the PRNG: deterministic ids for seeded nodes. */
export function uuidFrom(r: Rand): string {
  const hex: string[] = [];
  for (let i = 0; i < 16; i++) {
    let b = Math.floor(r() * 256);
    if (i === 6) b = (b & 0x0f) | 0x40;
    if (i === 8) b = (b & 0x3f) | 0x80;
    hex.push(b.toString(16).padStart(2, '0'));
  }
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
