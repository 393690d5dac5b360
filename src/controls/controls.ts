// The person controls of both route sets: list, pin, suppress, fix, delete one memory, ledger, export.
// Placeholder: implemented by issue 5.
import type { Graph } from '../graph/graph.js';

export class ControlService {
  constructor(readonly graph: Graph) {}
}
