// Retrieval results cached per person. Keys carry the person's memory version, which every write for the person
// bumps (ingestion, processing events, pins, suppressions, fixes, deletes), so a write invalidates at once on
// every replica; the TTL bounds staleness from scheduled jobs that move salience. The cache is bounded by entries
// and by weight (the memories the cached results hold), so distinct questions cannot grow the process unbounded.
export class RetrievalCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxEntries = 5000,
    private readonly ttlMs = 60_000,
    private readonly maxWeight = 50_000,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: T, now = Date.now(), weight = 1): void {
    this.drop(key);
    this.entries.set(key, { value, expires: now + this.ttlMs, weight });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || (this.weight > this.maxWeight && this.entries.size > 1)) this.drop(this.entries.keys().next().value!);
  }

  /** Entries held and their total weight. */
  get size() {
    return { entries: this.entries.size, weight: this.weight };
  }

  private drop(key: string): void {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    this.weight -= held.weight;
  }
}
