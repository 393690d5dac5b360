// What both paths read about a person first: known entities (alias matching, gravity), suppressed topics,
// the memory version (bumped by every write), what was last injected into a context and whether the person is
// being erased.
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { relationsRoleWordsMayName } from '../ingest/analysis/lexicon.js';
import { entityNameSearch } from '../retrieval/lucene.js';
import type { KnownEntity } from '../ingest/analysis/types.js';

const Q = { getPersonById: query('person/getPersonById', { hot: true }) };

/** Whose memory: every query names both. */
export interface Owner {
  tenantId: string;
  userId: string;
}

/** A known entity as read with the person: how many facts it has, whether archived, when last relevant (ISO). */
export type PersonEntity = KnownEntity & { facets: number; archived?: boolean; relevantAt?: string };

export interface PersonContext {
  known: PersonEntity[];
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

type PersonRow = { entities: PersonEntity[]; hasEntities: boolean; suppressed: string[]; version: number; injected: string[]; erasing: boolean };

/** The person with the entities `filter` keeps (person/getPersonById; every entity without one). */
async function readPerson(
  graph: Graph,
  owner: Owner,
  filter: { question: string; nameSearch: string | null; relations: string[]; centralGravity: number } | null,
): Promise<PersonContext & { hasEntities: boolean }> {
  const [row] = await graph.read<PersonRow>(Q.getPersonById, {
    ...owner,
    question: null,
    nameSearch: null,
    relations: [],
    centralGravity: null,
    ...filter,
  });
  return {
    known: (row?.entities ?? []).map((e) => ({ ...e, aliases: e.aliases ?? [] })),
    hasEntities: row?.hasEntities ?? false,
    suppressed: row?.suppressed ?? [],
    version: row?.version ?? 0,
    injected: row?.injected ?? [],
    erasing: row?.erasing ?? false,
  };
}

export function loadPerson(graph: Graph, tenantId: string, userId: string): Promise<PersonContext> {
  return readPerson(graph, { tenantId, userId }, null);
}

/**
 * The person as a question sees them: `known` holds only the entities the question could name (by a name, an alias
 * or a role word) and the central ones (gravity from `centralGravity`), and `hasEntities` says whether there are any.
 */
export function loadPersonForQuestion(
  graph: Graph,
  owner: Owner,
  question: string,
  centralGravity: number,
): Promise<PersonContext & { hasEntities: boolean }> {
  const lowered = question.toLowerCase().replace(/\s+/g, ' ');
  return readPerson(graph, owner, {
    question: lowered,
    nameSearch: entityNameSearch(owner, lowered),
    relations: relationsRoleWordsMayName(lowered),
    centralGravity,
  });
}
