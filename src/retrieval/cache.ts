// Retrieval results cached per person. Keys carry the person's memory version, which every write for the person
// bumps (ingestion, processing events, pins, suppressions, fixes, deletes), so a write invalidates at once on
// every replica; the TTL bounds staleness from scheduled jobs that move salience.
export class RetrievalCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly maxEntries = 5000,
    private readonly ttlMs = 60_000,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
