// Erasing a person (spec 4.A DELETE /users, 4.B DELETE /memory/v2/users, 4.D DELETE /users + deletion record).
// Placeholder: implemented by the erasure work of issue 5.
import type { Graph } from '../graph/graph.js';
import type { Logger } from '../log.js';

export class ErasureService {
  constructor(
    readonly graph: Graph,
    readonly log: Logger,
    readonly clock: () => number = Date.now,
  ) {}

  start(): void {}

  async stop(): Promise<void> {}
}
