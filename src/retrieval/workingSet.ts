// Each person's memories as retrieval reads them, held in process: the fields ranking, framing and rendering use,
// who owns each memory, what it relates to and what contradicts it, and the terms of what they said. Every channel
// (full-text over memories and messages, their context, entity expansion, dates, standing facts, recency) and the
// hydration of the fused candidates are answered from here; a question needs Neo4j only for the person's head.
// Hydrating 600 candidates by id cost 55-100 ms at 5,000 memories on Neo4j Community's slotted runtime
// (bench/RESULTS.md, "Before/after").
//
// Freshness works like the vector cache: a person's set is trusted while their memory version stands (every write
// bumps it). After a write, only what it changed is read: every write stamps the memories it changed, and the
// messages it processed, with the version it bumps to (rev), and retrieval/memoryChanges reads the rows past the
// version held through an index; a deletion since then makes the set read whole. Scheduled jobs change memories
// without a version, so every `ttlMs` one scan reads every memory's stamp (workingSetStamps.cypher: everything a
// write or a job may change) and only new or changed records are read again.
import type { Graph, GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import type { EntityKind, KnownEntity, Relation } from '../ingest/analysis/types.js';
import { termCounts } from './lexical.js';
import { PersonLru, readByIds, type Owner } from './personLru.js';
import { PersonTexts, type HeldMessage } from './personTexts.js';

const Q = {
  changes: query('retrieval/memoryChanges'),
  stamps: query('retrieval/workingSetStamps'),
  records: query('retrieval/workingSetRecords'),
  messageIds: query('retrieval/workingSetMessageIds'),
  messages: query('retrieval/workingSetMessages'),
};

export interface MemoryFields {
  id: string;
  topic: string | null;
  summary: string | null;
  /** The broader words of its nouns (src/lexical/broader.ts), searched at a lower weight; facts and interests only. */
  broader?: string | null;
  name: string | null;
  kind: string | null;
  relation: string | null;
  baseScore: number | null;
  processingCount: number | null;
  lastRelevantAt: string | null;
  createdAt: string;
  /** When the message a fact came from was said (facts only). */
  eventTime?: string | null;
  spike: number | null;
  spikeAt: string | null;
  decayModifier: number | null;
  pinned: boolean | null;
  categories: string[] | null;
  domain: string | null;
  eventDate: string | null;
  gravity: number | null;
  aliases: string[] | null;
  stage: string | null;
  archived: boolean;
}

export type NodeKind = 'Entity' | 'Facet' | 'Theme' | 'Interest';

export interface MemoryRecord {
  memory: MemoryFields;
  nodeKind: NodeKind;
  ownerId: string | null;
  relatedIds: string[];
  contradicts: string[];
  /** The messages it was derived from (none for entities). */
  sourceIds: string[];
}

/** A memory ready for ranking: its fields, its owning entity, the names it relates to, what contradicts it. */
export interface HydratedMemory {
  memory: MemoryFields;
  nodeKind: NodeKind;
  owner: { id: string; name: string; kind: string; relation: string | null; gravity: number; aliases: string[] | null } | null;
  related: string[];
  contradicts: string[];
  sources: string[];
}

/** A message as the graph gives it to the working set. */
interface MessageRow {
  id: string;
  text: string | null;
  eventMs: number | null;
}

const heldMessage = (r: MessageRow): HeldMessage => ({ id: r.id, eventMs: r.eventMs ?? 0, counts: termCounts(r.text) });

type StandingChannel = 'pinned' | 'constraint' | 'identity';

/** One person's records at one memory version, with the indexes the in-process channels read. */
export class PersonMemories {
  /** Facets not archived, most recently relevant first. */
  private byRecency?: MemoryRecord[];
  private children?: Map<string, MemoryRecord[]>;
  private relating?: Map<string, MemoryRecord[]>;
  private knownEntities?: Array<KnownEntity & { facets: number }>;
  private readonly standingBy = new Map<string, Array<{ id: string; channel: StandingChannel }>>();
  private lexical?: PersonTexts;
  private earlier?: { memories: PersonMemories; changed: readonly string[] };

  constructor(
    readonly version: number,
    /** When every memory's stamp was last compared with the graph (what a version does not tell: the jobs' changes). */
    readonly scannedAt: number,
    /** In the graph's index order (what an unordered Cypher scan of the person returned). */
    readonly records: ReadonlyMap<string, MemoryRecord>,
    /** As of the last scan; records read since then have none (the next scan reads them again). */
    readonly stamps: ReadonlyMap<string, string>,
    /** Everything the person said, by id. */
    readonly messages: ReadonlyMap<string, HeldMessage> = new Map(),
    /** The version this one was read from, and what changed since: its full-text fields carry over. */
    earlier?: { memories: PersonMemories; changed: readonly string[] },
  ) {
    // Kept only when they were built: a chain of versions nobody searched is never held alive.
    if (earlier?.memories.lexical) this.earlier = earlier;
  }

  /** Records and messages held: what the bound on working sets counts. */
  get size(): number {
    return this.records.size + this.messages.size;
  }

  /** The full-text channels over the memories and what was said (built at first use of this version). */
  texts(): PersonTexts {
    if (!this.lexical) {
      const from = this.earlier?.memories.lexical;
      this.lexical = from
        ? from.next(this.records, this.earlier!.memories.records, this.earlier!.changed, [...this.messages.values()])
        : new PersonTexts(this.records.values(), this.messages.values());
      this.earlier = undefined; // no chain of versions kept alive
    }
    return this.lexical;
  }

  /** The person's entities as alias matching reads them, with how many facts each has (archived ones too). */
  known(): Array<KnownEntity & { facets: number }> {
    if (!this.knownEntities) {
      const facets = new Map<string, number>();
      for (const r of this.records.values()) if (r.nodeKind === 'Facet' && r.ownerId) facets.set(r.ownerId, (facets.get(r.ownerId) ?? 0) + 1);
      this.knownEntities = [...this.records.values()]
        .filter((r) => r.nodeKind === 'Entity')
        .map(({ memory: m }) => ({
          id: m.id,
          name: m.name ?? '',
          kind: m.kind as EntityKind,
          relation: m.relation as Relation | null,
          aliases: m.aliases ?? [],
          gravity: m.gravity ?? 0,
          facets: facets.get(m.id) ?? 0,
        }));
    }
    return this.knownEntities;
  }

  /** The candidates in full, in the order given; archived or vanished ones left out. */
  hydrate(ids: string[]): HydratedMemory[] {
    const out: HydratedMemory[] = [];
    for (const id of ids) {
      const r = this.records.get(id);
      if (!r || r.memory.archived) continue;
      const o = r.ownerId ? this.records.get(r.ownerId)?.memory : undefined;
      out.push({
        memory: r.memory,
        nodeKind: r.nodeKind,
        owner: o ? { id: o.id, name: o.name ?? '', kind: o.kind ?? '', relation: o.relation, gravity: o.gravity ?? 0, aliases: o.aliases } : null,
        related: r.relatedIds.flatMap((e) => {
          const entity = this.records.get(e);
          return entity?.nodeKind === 'Entity' ? [entity.memory.name ?? ''] : [];
        }),
        contradicts: r.contradicts,
        sources: r.sourceIds,
      });
    }
    return out;
  }

  /** The facts most recently relevant to the person. */
  recent(limit: number): string[] {
    this.byRecency ??= [...this.records.values()]
      .filter((r) => r.nodeKind === 'Facet' && !r.memory.archived)
      .sort((a, b) => relevantMs(b) - relevantMs(a));
    return this.byRecency.slice(0, limit).map((r) => r.memory.id);
  }

  /** Facts about what happened within a date range (ISO dates, inclusive), latest first. */
  byEventDate(from: string, to: string, limit: number): string[] {
    return [...this.records.values()]
      .filter((r) => r.nodeKind === 'Facet' && !r.memory.archived && r.memory.eventDate !== null && r.memory.eventDate >= from && r.memory.eventDate <= to)
      .sort((a, b) => (a.memory.eventDate! < b.memory.eventDate! ? 1 : a.memory.eventDate! > b.memory.eventDate! ? -1 : 0))
      .slice(0, limit)
      .map((r) => r.memory.id);
  }

  /**
   * What hangs under the named entities (weight 1) and what relates to them (0.8), best weight first, then most
   * recently relevant.
   */
  entityExpansion(entityIds: string[], limit: number): string[] {
    if (!this.children || !this.relating) {
      this.children = new Map();
      this.relating = new Map();
      for (const r of this.records.values()) {
        if (r.ownerId) push(this.children, r.ownerId, r);
        for (const e of r.relatedIds) push(this.relating, e, r);
      }
    }
    const weight = new Map<MemoryRecord, number>();
    for (const e of entityIds) {
      if (this.records.get(e)?.nodeKind !== 'Entity') continue;
      for (const r of this.children.get(e) ?? []) weight.set(r, 1);
      for (const r of this.relating.get(e) ?? []) if (!weight.has(r)) weight.set(r, 0.8);
    }
    return [...weight]
      .filter(([r]) => !r.memory.archived)
      .sort(([a, wa], [b, wb]) => wb - wa || relevantMs(b) - relevantMs(a))
      .slice(0, limit)
      .map(([r]) => r.memory.id);
  }

  /**
   * Memories that matter whatever the question: pinned, constraints (allergies, "never", boundaries), identity
   * facts and the most central people and organisations; each under the first of those it is.
   */
  standing(includeIdentity: boolean, identityGravity: number, limit: number): Array<{ id: string; channel: StandingChannel }> {
    // Decided once per set and asked for: the same for every question until the set is refreshed.
    const key = `${includeIdentity}|${identityGravity}`;
    let all = this.standingBy.get(key);
    if (!all) {
      all = [];
      for (const r of this.records.values()) {
        const m = r.memory;
        if (m.archived) continue;
        const categories = m.categories ?? [];
        const channel: StandingChannel | null =
          m.pinned === true
            ? 'pinned'
            : categories.includes('constraint')
              ? 'constraint'
              : includeIdentity && (categories.includes('identity') || (r.nodeKind === 'Entity' && m.kind !== null && m.kind !== 'self' && (m.gravity ?? 0) >= identityGravity))
                ? 'identity'
                : null;
        if (channel) all.push({ id: m.id, channel });
      }
      this.standingBy.set(key, all);
    }
    return all.slice(0, limit);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const relevant = new WeakMap<MemoryRecord, number>();
function relevantMs(r: MemoryRecord): number {
  let ms = relevant.get(r);
  if (ms === undefined) {
    ms = Date.parse(r.memory.lastRelevantAt ?? r.memory.createdAt) || 0;
    relevant.set(r, ms);
  }
  return ms;
}

/** Every person's working set, bounded by the records held (least recently used people forgotten first). */
export class PersonWorkingSets {
  private readonly people: PersonLru<PersonMemories>;
  /** Records read from the graph so far: after a person's first load, only new and changed ones. */
  fetchedRecords = 0;
  /** Messages read from the graph so far: after a person's first load, only new ones. */
  fetchedMessages = 0;
  /** Reads of every stamp of a person: a first load, a deletion, the time to live; a write alone needs none. */
  scans = 0;

  constructor(
    private readonly graph: Graph,
    maxRecords: number,
    /** How long a person's set is trusted without a version change (jobs archive, compress, move salience). */
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {
    this.people = new PersonLru(maxRecords, (p) => p.size);
  }

  get(owner: Owner, version: number): Promise<PersonMemories> {
    return this.people.get(
      owner,
      (held) => held.version === version && this.clock() - held.scannedAt < this.ttlMs,
      (held) => this.refresh(owner, version, held),
    );
  }

  /** People held and the records they hold. */
  get size() {
    const { people, weight } = this.people.size;
    return { people, records: weight };
  }

  private refresh(owner: Owner, version: number, held: PersonMemories | undefined): Promise<PersonMemories> {
    const now = this.clock();
    return this.graph.readTx(
      async (tx) => {
        if (held && held.version < version && now - held.scannedAt < this.ttlMs) {
          const [changes] = await tx.run<{ lastDeletionVersion: number; memoryIds: string[]; messages: MessageRow[] }>(Q.changes, { ...owner, since: held.version });
          if (changes && changes.lastDeletionVersion <= held.version) return this.updated(tx, owner, version, held, changes);
        }
        return this.scanned(tx, owner, version, held, now);
      },
      { label: 'retrieval/workingSet' },
    );
  }

  /** What is held, with the memories and messages changed since its version read again. */
  private async updated(
    tx: GraphTx,
    owner: Owner,
    version: number,
    held: PersonMemories,
    changes: { memoryIds: string[]; messages: MessageRow[] },
  ): Promise<PersonMemories> {
    const rows = await readByIds(changes.memoryIds, (ids) => tx.run<MemoryRecord>(Q.records, { ...owner, ids }));
    this.fetchedRecords += rows.length;
    const records = new Map(held.records);
    const stamps = new Map(held.stamps);
    for (const r of rows) records.set(r.memory.id, r); // in place when held, so the order stays the graph's
    const read = new Set(rows.map((r) => r.memory.id));
    for (const id of changes.memoryIds) {
      if (!read.has(id)) records.delete(id); // deleted meanwhile (the deletion makes the next refresh read all)
      stamps.delete(id);
    }
    const messages = new Map(held.messages);
    const added = changes.messages.filter((m) => !held.messages.has(m.id));
    this.fetchedMessages += added.length;
    for (const m of added) messages.set(m.id, heldMessage(m));
    return new PersonMemories(version, held.scannedAt, records, stamps, messages, { memories: held, changed: changes.memoryIds });
  }

  /** Every memory's stamp compared with what is held: new and changed records read. */
  private async scanned(tx: GraphTx, owner: Owner, version: number, held: PersonMemories | undefined, now: number): Promise<PersonMemories> {
    this.scans++;
    const current = await tx.run<{ id: string; stamp: unknown[] }>(Q.stamps, { ...owner });
    const stamps = new Map(current.map((c) => [c.id, JSON.stringify(c.stamp)]));
    const stale = [...stamps].filter(([id, stamp]) => held?.stamps.get(id) !== stamp).map(([id]) => id);
    const rows = await readByIds(stale, (ids) => tx.run<MemoryRecord>(Q.records, { ...owner, ids }));
    const fetched = new Map(rows.map((r) => [r.memory.id, r]));
    this.fetchedRecords += fetched.size;
    const messages = await this.messagesOf(tx, owner, held);
    const records = new Map<string, MemoryRecord>();
    for (const id of stamps.keys()) {
      const r = fetched.get(id) ?? held?.records.get(id);
      if (r) records.set(id, r);
      else stamps.delete(id); // created or deleted between the two reads: read again next time
    }
    return new PersonMemories(version, now, records, stamps, messages);
  }

  /** The person's messages: those held already kept as they are (a message never changes), new ones read. */
  private async messagesOf(tx: GraphTx, owner: Owner, held: PersonMemories | undefined): Promise<Map<string, HeldMessage>> {
    const ids = (await tx.run<{ id: string }>(Q.messageIds, { ...owner })).map((r) => r.id);
    const read = new Map((await this.readMessages(tx, owner, ids.filter((id) => !held?.messages.has(id)))).map((m) => [m.id, m]));
    const messages = new Map<string, HeldMessage>();
    for (const id of ids) {
      const m = read.get(id) ?? held?.messages.get(id);
      if (m) messages.set(id, m);
    }
    return messages;
  }

  /** Messages by id, as the lexical channels hold them (their terms, not their text). */
  private async readMessages(tx: GraphTx, owner: Owner, ids: string[]): Promise<HeldMessage[]> {
    const rows = await readByIds(ids, (chunk) => tx.run<MessageRow>(Q.messages, { ...owner, ids: chunk }));
    this.fetchedMessages += rows.length;
    return rows.map(heldMessage);
  }
}
