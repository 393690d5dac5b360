// The read path's one sequence, for every caller that puts memories into a model's context (/query,
// /context/items, b2c /retrieve and the MCP tools through them): retrieve, pack into the budget as the caller
// renders each memory, let the caller trim what its block adds, then record what was injected.
import type { RankedMemory } from './render.js';
import type { RetrievalService, Retrieval, RetrieveOptions } from './service.js';

export interface Rendering {
  lineOf: (m: RankedMemory) => string;
  /** Tokens the block spends besides its lines (headers). */
  overhead: string;
  maxItems?: number;
  /** A last cut by the caller (e.g. lines the block adds after packing); what it returns is what gets injected. */
  fit?: (packed: RankedMemory[]) => RankedMemory[];
}

export interface Answer {
  retrieval: Retrieval;
  /** Best first, within the budget: what the caller renders and what was recorded as injected. */
  memories: RankedMemory[];
}

export async function retrieveForContext(
  retrieval: RetrievalService,
  owner: { tenantId: string; userId: string },
  o: RetrieveOptions,
  rendering: Rendering,
): Promise<Answer> {
  const r = await retrieval.retrieve(owner.tenantId, owner.userId, o);
  const packed = retrieval.pack(r, o.budget, rendering.lineOf, rendering.overhead, rendering.maxItems);
  const memories = rendering.fit ? rendering.fit(packed.memories) : packed.memories;
  retrieval.recordInjection(
    owner.tenantId,
    owner.userId,
    memories.map((m) => m.id),
  );
  return { retrieval: r, memories };
}
