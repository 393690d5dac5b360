// Group commit: writes that arrive while others are being committed wait, then go together in one transaction.
// Alone, a write goes at once (no added latency); under concurrency, many share one commit, so acknowledgements
// keep up with traffic instead of queueing for a commit each.

export interface GroupCommitOptions {
  /** Transactions open at once; a new write waits only when this many are committing. */
  parallel?: number;
  maxItems?: number;
  /**
   * An error of the store, not of an item (Neo4j unreachable): the group and every write waiting fail with it at
   * once, none written again alone, so a write queued behind one that waited out its deadline does not wait another.
   */
  failsEveryone?: (err: unknown) => boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve(out: O): void;
  reject(err: unknown): void;
}

export class GroupCommit<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  private readonly parallel: number;
  private readonly maxItems: number;
  private readonly failsEveryone: (err: unknown) => boolean;

  constructor(
    /** Writes the items in one transaction; answers one output per item, in order. */
    private readonly writeAll: (items: I[]) => Promise<O[]>,
    { parallel = 2, maxItems = 64, failsEveryone = () => false }: GroupCommitOptions = {},
  ) {
    this.parallel = parallel;
    this.maxItems = maxItems;
    this.failsEveryone = failsEveryone;
  }

  /** Nothing waiting and nothing being committed: the group holds no work and may be dropped. */
  get idle(): boolean {
    return this.inFlight === 0 && this.waiting.length === 0;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.parallel) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight++;
    try {
      while (this.waiting.length) {
        const group = this.waiting.splice(0, this.maxItems);
        try {
          const out = await this.writeAll(group.map((w) => w.item));
          group.forEach((w, i) => w.resolve(out[i]!));
        } catch (err) {
          if (this.failsEveryone(err)) [...group, ...this.waiting.splice(0)].forEach((w) => w.reject(err));
          else if (group.length === 1) group[0]!.reject(err);
          // One bad item must not fail the others: each is written alone, with its own outcome.
          else await Promise.all(group.map((w) => this.writeAll([w.item]).then((out) => w.resolve(out[0]!), w.reject)));
        }
      }
    } finally {
      this.inFlight--;
    }
  }
}
