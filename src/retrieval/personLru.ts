// What the in-process caches of people's memories share (the vector cache and the working set): one entry per
// person, trusted while a check says so, refreshed from what is held (concurrent callers share one refresh),
// bounded by a weight over all people with the least recently used forgotten first; and the chunked read by id of
// their refreshes.

/** Ids per statement when the caches read rows by id: a statement's parameter list stays small. */
const READ_CHUNK = 2000;

/** The rows for many ids, read a chunk of ids at a time (the caches' refreshes read only new and changed rows). */
export async function readByIds<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += READ_CHUNK) out.push(...(await read(ids.slice(i, i + READ_CHUNK))));
  return out;
}

export interface Owner {
  tenantId: string;
  userId: string;
}

export class PersonLru<T> {
  /** Least recently used first. */
  private readonly people = new Map<string, T>();
  private readonly loading = new Map<string, Promise<T>>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weightOf: (entry: T) => number,
  ) {}

  /** The held entry when `fresh` accepts it, else the result of `refresh` (given what is held), kept. */
  async get(owner: Owner, fresh: (held: T) => boolean, refresh: (held: T | undefined) => Promise<T>): Promise<T> {
    const key = `${owner.tenantId}\u0000${owner.userId}`;
    const held = this.people.get(key);
    if (held !== undefined && fresh(held)) {
      this.people.delete(key);
      this.people.set(key, held);
      return held;
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = refresh(held).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const entry = await pending;
    this.remember(key, entry);
    return entry;
  }

  /** People held and the weight they hold. */
  get size(): { people: number; weight: number } {
    return { people: this.people.size, weight: this.weight };
  }

  private remember(key: string, entry: T): void {
    const before = this.people.get(key);
    if (before === entry) return;
    if (before !== undefined) this.weight -= this.weightOf(before);
    this.people.delete(key);
    // Nobody, or nothing yet: not kept, so unknown ids cannot grow the map (it is bounded by weight).
    if (this.weightOf(entry) === 0) return;
    this.people.set(key, entry);
    this.weight += this.weightOf(entry);
    for (const [k, v] of this.people) {
      if (this.weight <= this.maxWeight || k === key) break;
      this.people.delete(k);
      this.weight -= this.weightOf(v);
    }
  }
}
