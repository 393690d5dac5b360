// Where a retrieval's candidates come from: each channel is one named query on an index of Neo4j's own (the
// owner-filtered vector index, the full-text indexes, range indexes and graph patterns), all sent at once. They
// return ids in their own order; fusion (rank.ts) weighs them. Nothing of a person is held between requests.
import neo4j from 'neo4j-driver';
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { knownEntitiesIn } from '../ingest/analysis/analyse.js';
import type { Owner, PersonEntity } from '../memory/person.js';
import { memoryTextSearch, messageTextSearch } from './lucene.js';
import { questionWords } from './questionTerms.js';
import { fingerprintWords } from '../text/words.js';
import { addChannel, entitiesToExpand, SEMANTIC_TAU, type Channel, type ChannelRanks } from './rank.js';
import type { TemporalFocus } from './temporal.js';

const Q = {
  vector: query('retrieval/vectorChannel', { hot: true }),
  memoryText: query('retrieval/memoryTextChannel', { hot: true }),
  said: query('retrieval/saidChannel', { hot: true }),
  saidMeaning: query('retrieval/saidMeaningChannel', { hot: true }),
  entity: query('retrieval/entityChannel', { hot: true }),
  date: query('retrieval/dateChannel', { hot: true }),
  standing: query('retrieval/standingChannel', { hot: true }),
  recent: query('retrieval/recentChannel', { hot: true }),
};

/** Below this cosine a neighbour is noise to any embedder. */
const MIN_VECTOR_SCORE = 0.12;
/** The vector index returns this many more than asked, for the memories the query then leaves out. */
const VECTOR_OVERFETCH = 20;
/** Messages the said-by-meaning channel reads, per candidate it gives: a turn that left memories left one or more. */
const MESSAGES_PER_CANDIDATE = 0.5;
/** Matched messages whose neighbours (the two said just before and the two after, within an hour) feed the context channel. */
const CONTEXT_HITS = 20;
const CONTEXT_MINUTES = 60;
const CONTEXT_REACH = 2;
/** Central people and organisations count as identity (with identity facts) from this gravity. */
export const IDENTITY_GRAVITY = 0.85;
/** When the other channels found fewer memories than this, recency fills in. */
const FEW_MATCHES = 10;

export interface ChannelRequest {
  /** The question; empty for "what matters about this person in general". */
  text: string;
  /** The words full-text searches use. */
  words: string[];
  /** Those of them that name the people the question names (they count less in the search of messages). */
  names?: string[];
  /** The question's vector and the embedder that made it, when the vector channel runs. */
  vector?: Promise<{ values: number[]; embedderId: string } | undefined>;
  /** Entities whose memories are expanded wholesale. */
  expandIds: string[];
  /** Dates the question names (ISO, inclusive). */
  range: { from: string; to: string } | null;
  includeIdentity: boolean;
  /** The person's entities the question could name, and the central ones (which join the identity channel). */
  entities: PersonEntity[];
  /** Candidates per channel. */
  perChannel: number;
  requestId?: string;
}

/** What a question asks of the channels, worked out from its words and the person's entities. */
export interface Question {
  request: Omit<ChannelRequest, 'vector' | 'perChannel' | 'requestId'>;
  /** The person's entities the question names. */
  named: PersonEntity[];
}

/** `focus` is the question's temporal focus (temporalFocus of the same text), worked out once by the caller. */
export function questionOf(text: string, entities: PersonEntity[], focus: TemporalFocus, includeIdentity: boolean): Question {
  const ids = knownEntitiesIn(text, entities);
  const named = entities.filter((k) => ids.includes(k.id));
  return {
    request: {
      text,
      words: text ? questionWords(text, named, entities) : [],
      names: namesOf(named),
      expandIds: entitiesToExpand(named),
      range: focus.range,
      includeIdentity,
      entities,
    },
    named,
  };
}

/** The words of the names (and aliases) of the people a question names, the person themself aside. */
function namesOf(named: PersonEntity[]): string[] {
  return [...new Set(named.filter((k) => k.kind !== 'self').flatMap((k) => [k.name, ...k.aliases].flatMap((n) => fingerprintWords(n))))];
}

/** The searches the channels send for a question, as an analyst replays them in Neo4j Browser. */
export function searchesOf(owner: Owner, r: Pick<ChannelRequest, 'words' | 'names'>) {
  return {
    memorySearch: memoryTextSearch(owner, r.words),
    messageSearch: messageTextSearch(owner, r.words, r.names),
  };
}

export interface Candidates {
  ranks: ChannelRanks;
  /** The cosine of each memory the vector channel found, best first. */
  nearest: Array<{ id: string; cosine: number }>;
}

interface SaidRow {
  rank: number;
  messageId: string;
  derived: string[];
  context: string[];
}

const int = (n: number) => neo4j.int(n);

/**
 * The vector channel: the person's memories nearest in meaning to a vector made by `embedderId`, best first, at most
 * `limit`, none below `minCosine` (the noise floor unless given).
 */
export async function nearestMemories(
  graph: Graph,
  owner: Owner,
  vector: { values: number[]; embedderId: string },
  limit: number,
  o: { minCosine?: number; requestId?: string } = {},
): Promise<Array<{ id: string; cosine: number }>> {
  if (!hasDirection(vector.values)) return [];
  return graph.read(
    Q.vector,
    {
      ...owner,
      vector: vector.values,
      embeddingModel: vector.embedderId,
      minCosine: o.minCosine ?? MIN_VECTOR_SCORE,
      limit: int(limit),
      candidates: int(limit + VECTOR_OVERFETCH),
    },
    { requestId: o.requestId },
  );
}

/** A zero or non-finite vector has no direction: nothing is near it. */
function hasDirection(values: number[]): boolean {
  return values.length > 0 && values.every(Number.isFinite) && !values.every((x) => x === 0);
}

/** A message near the question in meaning, with the memories derived from it. */
interface NearMessage {
  messageId: string;
  cosine: number;
  derived: string[];
}

/**
 * The said-by-meaning channel: the person's messages nearest in meaning to a vector, best first, at most `limit`, only
 * those within SEMANTIC_TAU of the nearest one's cosine: they vote by rank, and a small person's whole history fits
 * the list, which would give every memory a vote (salient identity lines, far in meaning, then came before the answer
 * to a question put in other words).
 */
function nearestMessages(
  graph: Graph,
  owner: Owner,
  vector: { values: number[]; embedderId: string },
  limit: number,
  requestId?: string,
): Promise<NearMessage[]> {
  if (!hasDirection(vector.values)) return Promise.resolve([]);
  return graph.read<NearMessage>(
    Q.saidMeaning,
    { ...owner, vector: vector.values, embeddingModel: vector.embedderId, minCosine: MIN_VECTOR_SCORE, width: SEMANTIC_TAU, limit: int(limit) },
    { requestId },
  );
}

type StandingRow = { id: string; channel: 'pinned' | 'constraint' | 'identity' };

/** The channels a question alone decides (meaning, dates, standing memories; recency when there is no question), already sent. */
export interface StartedChannels {
  near: Promise<Array<{ id: string; cosine: number }>>;
  /** The messages nearest in meaning. */
  nearMessages: Promise<NearMessage[]>;
  temporal: Promise<string[]>;
  standing: Promise<StandingRow[]>;
  /** Sent only without a question: with one, recency is asked for when the other channels found little. */
  recent: Promise<string[]> | null;
}

const idsOf = (rows: Promise<Array<{ id: string }>>) => rows.then((rs) => rs.map((x) => x.id));

/** Runs a channel's query for the owner, tagged with the request. */
const channelReader =
  (graph: Graph, owner: Owner, requestId?: string) =>
  <T>(name: Parameters<Graph['read']>[0], params: Record<string, unknown>) =>
    graph.read<T>(name, { ...owner, ...params }, { requestId });

/**
 * Sends the channels that need nothing of the person but who they are, so they run while the person's entities are
 * read; the others follow in findCandidates. Each promise is awaited there (a person who does not exist leaves them).
 */
export function startChannels(
  graph: Graph,
  owner: Owner,
  r: Pick<ChannelRequest, 'text' | 'vector' | 'range' | 'includeIdentity' | 'perChannel' | 'requestId'>,
): StartedChannels {
  const read = channelReader(graph, owner, r.requestId);
  const pool = r.perChannel;
  const started: StartedChannels = {
    near: r.vector ? r.vector.then((v) => (v ? nearestMemories(graph, owner, v, pool, { requestId: r.requestId }) : [])) : Promise.resolve([]),
    nearMessages: r.vector
      ? r.vector.then((v) => (v ? nearestMessages(graph, owner, v, Math.ceil(pool * MESSAGES_PER_CANDIDATE), r.requestId) : []))
      : Promise.resolve([]),
    temporal: r.range ? idsOf(read(Q.date, { from: r.range.from, to: r.range.to, limit: int(pool) })) : Promise.resolve([]),
    standing: read<StandingRow>(Q.standing, { identity: r.includeIdentity, limit: int(pool) }),
    recent: r.text ? null : idsOf(read(Q.recent, { limit: int(pool) })),
  };
  for (const p of Object.values(started)) p?.catch(() => undefined); // awaited in findCandidates
  return started;
}

/** Every channel's candidates for one question: those started already, and the ones the person's entities shape. */
export async function findCandidates(graph: Graph, owner: Owner, r: ChannelRequest, started = startChannels(graph, owner, r)): Promise<Candidates> {
  const read = channelReader(graph, owner, r.requestId);
  const pool = r.perChannel;
  const none = Promise.resolve([] as string[]);
  const { memorySearch, messageSearch } = searchesOf(owner, r);
  const [near, nearMessages, fulltext, said, entity, temporal, standing] = await Promise.all([
    started.near,
    started.nearMessages,
    memorySearch ? idsOf(read(Q.memoryText, { search: memorySearch, limit: int(pool), candidates: int(pool * 2) })) : none,
    messageSearch
      ? read<SaidRow>(Q.said, {
          search: messageSearch,
          limit: int(pool),
          candidates: int(pool * 2),
          contextHits: int(CONTEXT_HITS),
          withinMinutes: int(CONTEXT_MINUTES),
          reach: int(CONTEXT_REACH),
        })
      : Promise.resolve([] as SaidRow[]),
    r.expandIds.length ? idsOf(read(Q.entity, { entityIds: r.expandIds, limit: int(pool) })) : none,
    started.temporal,
    started.standing,
  ]);

  const ranks: ChannelRanks = new Map();
  const add = (c: Channel, list: string[]) => addChannel(ranks, c, list.slice(0, pool));
  add(
    'vector',
    near.map((n) => n.id),
  );
  add('fulltext', fulltext);
  add('said', [...new Set(said.flatMap((s) => s.derived))]);
  add('saidMeaning', [...new Set(nearMessages.flatMap((m) => m.derived))]);
  add('context', [...new Set(said.flatMap((s) => s.context))]);
  add('entity', entity);
  add('temporal', temporal);
  const of = (c: string) => standing.filter((s) => s.channel === c).map((s) => s.id);
  add('pinned', of('pinned'));
  add('constraint', of('constraint'));
  if (r.includeIdentity) add('identity', [...of('identity'), ...centralEntities(r.entities, new Set(standing.map((s) => s.id)))]);
  // Recency fills in when the question matched little, or when there is no question.
  if (started.recent) add('recent', await started.recent);
  else if (ranks.size < FEW_MATCHES) add('recent', await idsOf(read(Q.recent, { limit: int(FEW_MATCHES) })));
  return { ranks, nearest: near };
}

/** The person's most central people and organisations, most recently relevant first. */
function centralEntities(entities: PersonEntity[], already: Set<string>): string[] {
  return entities
    .filter((e) => !e.archived && e.kind !== 'self' && e.gravity >= IDENTITY_GRAVITY && !already.has(e.id))
    .sort((a, b) => (b.relevantAt ?? '').localeCompare(a.relevantAt ?? ''))
    .map((e) => e.id);
}
