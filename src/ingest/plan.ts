// Turns an analysis into a write plan: ids for new entities, known entities to update, scored facts, interests,
// and what a suppression discards. Pure: the graph is read before (person context) and written after (writer).
import { randomUUID } from 'node:crypto';
import { fingerprint, keyWordsOf, polarityOf } from './fingerprint.js';
import { endedStateNames, saysCoupleParted } from './analysis/ended.js';
import { relationClass } from './analysis/lexicon.js';
import { scoreSignals, standingOf, type EventType, type Standing } from './analysis/signals.js';
import {
  type Analysis,
  type Domain,
  type EntityKind,
  type EntityMention,
  type FactCandidate,
  type FactCategory,
  FORMER,
  type HeldRelation,
  type Relation,
  type Scoring,
} from './analysis/types.js';
import { SPIKES } from '../salience/salience.js';
import type { PersonContext, PersonEntity } from '../memory/person.js';
import { touchesSuppressed } from '../memory/suppression.js';
import { broaderTerms } from '../lexical/broader.js';

export type { EventType };

export interface PlannedEntity {
  id: string;
  key: string;
  name: string;
  kind: EntityKind;
  relation: Relation | null;
  aliases: string[];
  aliasText: string;
  gravity: number;
  domain: Domain;
  summary: string;
  renames: boolean;
  isNew: boolean;
  embedding?: number[];
}

export interface PlannedFact extends Scoring {
  id: string;
  subjectId: string;
  mentionIds: string[];
  topic: string;
  summary: string;
  /** Broader words of the fact's nouns (src/lexical/broader.ts), searched beside topic and summary. */
  broader: string;
  /** The question a framed answer answers (FactCandidate.askedWith), embedded with it. */
  askedWith: string | null;
  text: string;
  domain: Domain;
  eventDate: string | null;
  datePrecision: string | null;
  spike: number;
  /** Its standing (standingOf), stored for the standing channel's index. */
  standing: Standing | null;
  fingerprint: string;
  polarity: '+' | '-';
  keyWords: string[];
  /**
   * The key words of each state the fact says is over, and how the facts that stated it said it (endedStateNames):
   * earlier facts that hold them and said it so stand no more.
   */
  ends: Array<{ words: string[]; polarity: '+' | '-' }>;
  metadata: string;
  eventType: EventType;
  nodeType: string | null;
  embedding?: number[];
}

export interface PlannedInterest {
  /** The MERGE key: the topic for the user's own interests, `<owner entity id>|<topic>` for anyone else's. */
  key: string;
  /** The entity that has the interest: the self entity, or another speaker's person entity. */
  ownerId: string;
  id: string;
  topic: string;
  summary: string;
  broader: string;
  domain: Domain;
  strength: number;
  embedding?: number[];
}

export interface WritePlan {
  selfId: string;
  domains: Domain[];
  entities: PlannedEntity[];
  facts: PlannedFact[];
  interests: PlannedInterest[];
  /** Facts dropped because they touch a suppressed topic. */
  discarded: number;
  /** The message is withheld from the channels that search what the person said: they asked that it be kept out. */
  withheld?: boolean;
  flagContradictions: boolean;
  /** What of the person's last injected context this message touches (only for what the person said). */
  reinforce?: { entityIds: string[]; words: string[] };
  /** The embedder that made the plan's vectors (the local one when the configured provider failed). */
  embedderId?: string;
  /**
   * The stored message's own words, embedded when its memories are written, for the channel that finds what was said
   * by meaning: the speaker's name and the turn reach questions that the memories' rewritten summaries miss.
   */
  said?: { messageId: string; text: string; embedding?: number[] };
  /** Earlier messages this one puts right, with the key words replaced and replacing them (Analysis.corrections). */
  corrections?: Array<{ messageId: string; wrongWords: string[]; rightWords: string[] }>;
  /** Known entities whose relation to the person this message changes (heldChanges), with their summaries. */
  relationChanges?: RelationChange[];
}

export interface RelationChange {
  id: string;
  relation: Relation;
  /** The relation is a former one: the person's facts that stood as who they are by it stand no more. */
  ended: boolean;
  summary: string;
  /** The new summary's vector: an entity is embedded by its summary. */
  embedding?: number[];
}

export interface PlanOptions {
  eventType?: EventType;
  metadata?: Record<string, unknown>;
  nodeType?: string | null;
  /** /ingest stores the whole content as one memory instead of one per stated fact. */
  asOneMemory?: string;
  /** The tenant profile asks for contradictions between facts to be recorded. */
  flagContradictions?: boolean;
}

const lower = (s: string) => s.toLowerCase();

function factTouchesSuppressed(fact: FactCandidate, entities: Map<string, EntityMention>, suppressed: string[]): boolean {
  const names = [fact.subjectKey, ...fact.mentionKeys].map((k) => entities.get(k)).flatMap((e) => (e ? [e.name, ...e.aliases] : []));
  return touchesSuppressed({ texts: [fact.text, fact.summary, fact.topic], names, domain: fact.domain }, suppressed);
}

function entitySummary(e: Pick<EntityMention, 'name' | 'kind' | 'relation'>): string {
  if (e.kind === 'self') return 'The user';
  const role = e.relation ? `the user's ${e.relation.replace(/_/g, ' ')}` : e.kind;
  return e.name.toLowerCase() === (e.relation ?? '').replace(/_/g, ' ') ? `The user's ${e.name}` : `${e.name} (${role})`;
}

/**
 * A home said now ("We moved to Bath") or an employer joined ("I started at Aldi") ends the one the person had:
 * it takes the former relation (FORMER), kept with its memories. One had before and held again ("moved back to
 * Leeds") is theirs once more; an employer left ("I quit my job at Tesco") is a former one. `heldNow` holds entity ids.
 */
function heldChanges(heldNow: Array<{ id: string; relation: HeldRelation; left?: true }>, known: PersonEntity[]): RelationChange[] {
  const changed: PersonEntity[] = [];
  const left = new Set(heldNow.filter((h) => h.left).map((h) => h.id));
  for (const k of known) if (left.has(k.id) && isHeld(k.relation)) changed.push({ ...k, relation: FORMER[k.relation] });
  for (const relation of new Set(heldNow.filter((h) => !h.left).map((h) => h.relation))) {
    const now = new Set(heldNow.filter((h) => h.relation === relation && !h.left).map((h) => h.id));
    for (const k of known) {
      if (left.has(k.id)) continue;
      if (now.has(k.id) && k.relation !== relation) changed.push({ ...k, relation });
      else if (!now.has(k.id) && k.relation === relation) changed.push({ ...k, relation: FORMER[relation] });
    }
  }
  return changed.map((k) => ({ id: k.id, relation: k.relation!, ended: FORMER_RELATIONS.has(k.relation!), summary: entitySummary(k) }));
}
const FORMER_RELATIONS = new Set<Relation>(Object.values(FORMER));
const isHeld = (relation: Relation | null): relation is HeldRelation => relation !== null && Object.hasOwn(FORMER, relation);

/**
 * The person's homes and employers their facts say are over by name ("I don't live in Leeds anymore", "I'm not at
 * Tesco any more"): the ended state holds every key word of the entity's name, and the fact names it. And the
 * partner or spouse they parted from ("Jack and I broke up", "he dumped me"; "we split up" when they had one).
 */
function heldEnded(facts: PlannedFact[], selfId: string, known: ReadonlyMap<string, PersonEntity>) {
  const left = (id: string) => ({ id, relation: known.get(id)!.relation as HeldRelation, left: true as const });
  const isCouple = (id: string) => relationClass(known.get(id)?.relation ?? null) === 'couple';
  const couples = [...known.values()].filter((k) => isCouple(k.id));
  return facts.flatMap((f) => {
    const named =
      f.subjectId !== selfId
        ? []
        : f.mentionIds.filter((id) => {
            const k = known.get(id);
            return k && isHeld(k.relation) && f.ends.some((e) => keyWordsOf(k.name).every((w) => e.words.includes(w)));
          });
    if ((f.subjectId !== selfId && !isCouple(f.subjectId)) || !saysCoupleParted(f.text)) return named.map(left);
    const parted = [f.subjectId, ...f.mentionIds].filter(isCouple);
    const sole = f.subjectId === selfId && !f.mentionIds.some((id) => known.get(id)?.kind === 'person') && couples.length === 1;
    return [...named, ...(parted.length ? parted : sole ? [couples[0]!.id] : [])].map(left);
  });
}

const SELF: EntityMention = { key: 'self', name: 'self', kind: 'self', relation: null, aliases: [], gravity: 1, ambiguous: false };

export function planWrite(analysis: Analysis, person: PersonContext, opts: PlanOptions = {}): WritePlan {
  const mentions = new Map(analysis.entities.map((e) => [e.key, e]));
  const knownSelf = person.known.find((k) => k.kind === 'self');
  if (!mentions.has('self')) mentions.set('self', { ...SELF, existingId: knownSelf?.id });

  let candidates = analysis.facts;
  const kept = candidates.filter((f) => !factTouchesSuppressed(f, mentions, person.suppressed));
  const discarded = candidates.length - kept.length;
  candidates = kept;

  if (opts.asOneMemory !== undefined) candidates = [oneMemory(opts.asOneMemory, candidates)];

  // Entities are written only when a kept fact refers to them (the self entity always).
  const used = new Set<string>(['self']);
  for (const f of candidates) [f.subjectKey, ...f.mentionKeys, ...(f.interest?.holderKey ? [f.interest.holderKey] : [])].forEach((k) => used.add(k));

  const domainOf = (key: string): Domain => {
    const f = candidates.find((c) => c.subjectKey === key) ?? candidates.find((c) => c.mentionKeys.includes(key));
    return key === 'self' ? 'personal' : (f?.domain ?? 'personal');
  };

  const entities: PlannedEntity[] = [];
  const idOf = new Map<string, string>();
  for (const key of used) {
    const m = mentions.get(key);
    if (!m) continue;
    const existing = m.existingId ?? (key === 'self' ? knownSelf?.id : undefined);
    const id = existing ?? randomUUID();
    idOf.set(key, id);
    const aliases = [...new Set(m.aliases.map(lower))].filter((a) => a !== lower(m.name));
    entities.push({
      id,
      key,
      name: m.name,
      kind: m.kind,
      relation: m.relation,
      aliases,
      aliasText: [m.name, ...aliases].join(' '),
      gravity: m.gravity,
      domain: domainOf(key),
      summary: entitySummary(m),
      renames: Boolean(m.renames && existing),
      isNew: !existing,
    });
  }

  const knownById = new Map(person.known.map((k) => [k.id, k]));
  const facts: PlannedFact[] = candidates.map((f) => {
    const subjectId = idOf.get(f.subjectKey) ?? idOf.get('self')!;
    const mentionIds = [...new Set(f.mentionKeys.map((k) => idOf.get(k)).filter((id): id is string => !!id && id !== subjectId))];
    const named = [f.subjectKey, ...f.mentionKeys].map((k) => mentions.get(k)).filter((e): e is EntityMention => !!e);
    const scoring = scoreSignals(f.framedStatement ?? f.text, {
      categories: f.categories,
      entityGravities: named.map((e) => e.gravity),
      entityNames: named.flatMap((e) => (e.kind === 'self' ? [] : [e.name, ...e.aliases])),
      priorMentions: knownById.get(subjectId)?.facets ?? 0,
      eventType: opts.eventType ?? 'message',
      speakerUnsaid: f.speakerUnsaid,
    });
    return {
      ...scoring,
      id: randomUUID(),
      subjectId,
      mentionIds,
      topic: f.topic,
      summary: f.summary,
      broader: broaderTerms(`${f.topic}. ${f.summary}`).join(' '),
      askedWith: f.askedWith ?? null,
      text: f.text,
      domain: f.domain,
      eventDate: f.eventDate,
      datePrecision: f.datePrecision,
      spike: f.categories.includes('life_event') ? SPIKES.lifeEvent : 0,
      standing: standingOf(scoring.categories),
      fingerprint: fingerprint(subjectId, f.text),
      polarity: polarityOf(f.text),
      keyWords: keyWordsOf(f.text),
      ends: endedStateNames(f.text)
        .map((e) => ({ words: keyWordsOf(e.name), polarity: e.said }))
        .filter((e) => e.words.length),
      metadata: JSON.stringify(opts.metadata ?? {}),
      eventType: opts.eventType ?? 'message',
      nodeType: opts.nodeType ?? null,
    };
  });

  const interests: PlannedInterest[] = [];
  for (const f of candidates) {
    if (!f.interest || opts.asOneMemory !== undefined) continue;
    const topicKey = lower(f.interest.topic).replace(/\s+/g, ' ').trim();
    // Another speaker's interest hangs off their entity and is keyed by it, so the same topic stays two interests.
    const holderId = f.interest.holderKey ? idOf.get(f.interest.holderKey) : undefined;
    const ownerId = holderId ?? idOf.get('self')!;
    const key = holderId ? `${holderId}|${topicKey}` : topicKey;
    if (!topicKey || interests.some((i) => i.key === key)) continue;
    const holder = f.interest.holderName ?? (holderId ? 'The other speaker' : 'The user');
    interests.push({
      key,
      ownerId,
      id: randomUUID(),
      topic: f.interest.topic,
      summary: `${holder} is interested in ${f.interest.topic}.`,
      broader: broaderTerms(f.interest.topic).join(' '),
      domain: f.domain,
      strength: f.interest.strength,
    });
  }

  const domains = [...new Set<Domain>([...entities.map((e) => e.domain), ...facts.map((f) => f.domain)])];
  const heldNow = (analysis.heldNow ?? []).flatMap(({ key, ...held }) => (idOf.has(key) ? [{ id: idOf.get(key)!, ...held }] : []));
  const relationChanges = heldChanges([...heldNow, ...heldEnded(facts, idOf.get('self')!, knownById)], person.known);
  // Content stored as one memory keeps its words as given, the correction's among them: nothing earlier is archived.
  const corrections =
    opts.asOneMemory === undefined
      ? (analysis.corrections ?? [])
          .map((c) => ({ messageId: c.messageId, wrongWords: keyWordsOf(c.wrong), rightWords: keyWordsOf(c.right) }))
          .filter((c) => c.wrongWords.length)
      : [];
  return {
    selfId: idOf.get('self')!,
    domains,
    entities,
    facts,
    interests,
    discarded,
    flagContradictions: opts.flagContradictions ?? false,
    // One memory the caller asked to store (v1 /ingest) is stored as asked.
    ...(analysis.keptOut && opts.asOneMemory === undefined ? { withheld: true } : {}),
    ...(corrections.length ? { corrections } : {}),
    ...(relationChanges.length ? { relationChanges } : {}),
  };
}

/** /ingest keeps the caller's content as one memory, filed under the first fact's subject. */
function oneMemory(content: string, facts: FactCandidate[]): FactCandidate {
  const first = facts[0];
  const categories = [...new Set(facts.flatMap((f) => f.categories))] as FactCategory[];
  const mentionKeys = [...new Set(facts.flatMap((f) => [f.subjectKey, ...f.mentionKeys]))].filter((k) => k !== (first?.subjectKey ?? 'self'));
  const summary = facts.length ? facts.map((f) => f.summary).join(' ') : content;
  return {
    text: content,
    summary: summary.length > 1000 ? `${summary.slice(0, 997)}...` : summary,
    topic: first?.topic ?? (content.length > 60 ? `${content.slice(0, 57)}...` : content),
    subjectKey: first?.subjectKey ?? 'self',
    mentionKeys,
    domain: first?.domain ?? 'personal',
    categories,
    eventDate: first?.eventDate ?? null,
    datePrecision: first?.datePrecision ?? null,
    ...(facts.some((f) => f.speakerUnsaid) ? { speakerUnsaid: true } : {}),
  };
}

/** Texts to embed for a plan, in order: facts, interests, new entities. */
export function embeddingTexts(plan: WritePlan): string[] {
  return [
    ...plan.facts.map((f) => factEmbeddingText(f.topic, f.summary, f.askedWith)),
    ...plan.interests.map((i) => i.summary),
    ...plan.entities.filter((e) => e.isNew).map((e) => e.summary),
    ...(plan.said ? [plan.said.text] : []),
    ...(plan.relationChanges ?? []).map((c) => c.summary),
  ];
}

/**
 * A fact as it is embedded: "<topic>. <summary>", with the question a framed answer answers before its summary
 * ("How old are you? The user is 34"). The re-embedding job builds the same text in Cypher (reembed/staleBatch).
 */
export function factEmbeddingText(topic: string | null | undefined, summary: string, askedWith?: string | null): string {
  return `${topic ? `${topic}. ` : ''}${askedWith ? `${askedWith} ` : ''}${summary}`;
}

/** A message as it is embedded: "<speaker's name>: <words>", or the words alone when no name was given. */
export function saidText(text: string, speakerName?: string | null): string {
  return speakerName ? `${speakerName}: ${text}` : text;
}

export function attachEmbeddings(plan: WritePlan, vectors: number[][]): void {
  let i = 0;
  for (const f of plan.facts) f.embedding = vectors[i++];
  for (const it of plan.interests) it.embedding = vectors[i++];
  for (const e of plan.entities.filter((x) => x.isNew)) e.embedding = vectors[i++];
  if (plan.said) plan.said.embedding = vectors[i++];
  for (const c of plan.relationChanges ?? []) c.embedding = vectors[i++];
}
