// What both paths read about a person first: known entities (alias matching, gravity), suppressed topics,
// the memory version (bumped by every write; caches key on it), what was last injected into a context and
// whether the person is being erased.
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import type { KnownEntity } from '../ingest/analysis/types.js';

const Q = { getPersonById: query('person/getPersonById'), getPersonHeadById: query('person/getPersonHeadById') };

export interface PersonContext {
  known: Array<KnownEntity & { facets: number }>;
  /** Topics the person asked to leave alone. */
  suppressed: string[];
  version: number;
  /** Memory ids put into the last context built for the person. */
  injected: string[];
  /**
   * An erase of the person is open (b2c DELETE /users): nothing is retrieved for them until it has finished.
   * loadPerson always sets it; optional only so contexts built by hand (unit tests of the planner) need not.
   */
  erasing?: boolean;
}

export async function loadPerson(graph: Graph, tenantId: string, userId: string): Promise<PersonContext> {
  const [row] = await graph.read<{
    entities: Array<KnownEntity & { facets: number }>;
    suppressed: string[];
    version: number;
    injected: string[];
    erasing: boolean;
  }>(
    Q.getPersonById,
    { tenantId, userId },
  );
  return {
    known: (row?.entities ?? []).map((e) => ({ ...e, aliases: e.aliases ?? [] })),
    suppressed: row?.suppressed ?? [],
    version: row?.version ?? 0,
    injected: row?.injected ?? [],
    erasing: row?.erasing ?? false,
  };
}

/** The read path's first look at a person: version, suppressed topics, erasing (entities come from the working set). */
export type PersonHead = Pick<PersonContext, 'version' | 'suppressed'> & { erasing: boolean };

export async function loadPersonHead(graph: Graph, tenantId: string, userId: string): Promise<PersonHead> {
  const [row] = await graph.read<PersonHead>(Q.getPersonHeadById, { tenantId, userId });
  return { version: row?.version ?? 0, suppressed: row?.suppressed ?? [], erasing: row?.erasing ?? false };
}
