// Synthetic people for the benchmark, from a seed: a life (self, family, friends, work, pets, places), told in
// first-person messages that each yield one or two facts, written as the service's write path would store them
// (third-person summaries naming the entity, topics like "Lena — hiking", domains, categories, scores from the
// service's own signal scoring, fingerprints, resolved event dates, interests from stated preferences).
// Exactly `memories` memory nodes per person: domains + entities + facts + interests, as the tier limits count them.
// Same seed and user id ⇒ same person (ids also depend on the tenant label, so one person can live in two tenants).
import { gravityFor } from '../../src/ingest/analysis/lexicon.js';
import { categoriesOf, scoreSignals } from '../../src/ingest/analysis/signals.js';
import type { Domain, EntityKind, FactCategory, Relation } from '../../src/ingest/analysis/types.js';
import { fingerprint, keyWordsOf, polarityOf } from '../../src/ingest/fingerprint.js';
import type { Scoring } from '../../src/ingest/analysis/types.js';
import { chance, int, pick, prng, seedOf, shuffled, uuidFrom, type Rand } from './prng.js';
import * as V from './vocab.js';

const DAY = 86_400_000;

export interface GenEntity {
  id: string;
  name: string;
  kind: EntityKind;
  relation: Relation | null;
  /** The word the person uses for the relation ("wife", "boss"), also its alias. */
  role: string | null;
  aliases: string[];
  gravity: number;
  domains: Domain[];
  summary: string;
  createdAt: number;
  lastRelevantAt: number;
}

export interface GenDomain {
  id: string;
  name: Domain;
  createdAt: number;
  lastRelevantAt: number;
}

export interface GenMessage {
  id: string;
  text: string;
  at: number;
  facts: number;
}

export interface GenFact {
  id: string;
  subjectId: string;
  mentionIds: string[];
  messageId: string;
  topic: string;
  summary: string;
  text: string;
  domain: Domain;
  scoring: Scoring;
  eventDate: string | null;
  datePrecision: 'day' | 'month' | null;
  spike: number;
  spikeAt: number | null;
  processingCount: number;
  createdAt: number;
  lastRelevantAt: number;
  fingerprint: string;
  polarity: '+' | '-';
  keyWords: string[];
}

export interface GenInterest {
  id: string;
  key: string;
  ownerId: string;
  topic: string;
  summary: string;
  domain: Domain;
  evidence: number;
  strength: number;
  createdAt: number;
  lastRelevantAt: number;
  messageIds: string[];
}

export interface GenPerson {
  userId: string;
  memories: number;
  createdAt: number;
  /** Starts at the creation time in ms (createEndUser.cypher), +1 per write. */
  memoryVersion: number;
  domains: GenDomain[];
  entities: GenEntity[];
  messages: GenMessage[];
  facts: GenFact[];
  interests: GenInterest[];
  /** What the person's questions are drawn from. */
  vocab: { people: GenEntity[]; places: string[]; activities: string[]; foods: string[]; orgs: string[] };
}

/** How long a person has been using the app: about eight memories a day, two weeks to two years. */
export const historyDays = (memories: number) => Math.min(730, Math.max(14, Math.round(memories / 8)));

interface Draft {
  text: string;
  summary: string;
  topic: string;
  domain: Domain;
  hint: FactCategory[];
  subject: GenEntity;
  mentions: GenEntity[];
  eventDate?: string | null;
  datePrecision?: 'day' | 'month' | null;
  interest?: { topic: string; strength: number };
}

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const an = (w: string) => (/^[aeiou]/i.test(w) ? `an ${w}` : `a ${w}`);

/** The last given weekday strictly before t. */
function lastWeekday(t: number, weekday: string): number {
  const wd = (V.WEEKDAYS.indexOf(weekday) + 1) % 7; // Date: Sunday = 0
  const d = new Date(t);
  let back = (d.getUTCDay() - wd + 7) % 7;
  if (back === 0) back = 7;
  return t - back * DAY;
}

/** The first of the given month, in t's year when not before t's month (a plan), else the year before (a memory). */
function monthDate(t: number, month: string, future: boolean): string {
  const m = V.MONTHS.indexOf(month);
  const d = new Date(t);
  let y = d.getUTCFullYear();
  if (future && m < d.getUTCMonth()) y++;
  if (!future && m > d.getUTCMonth()) y--;
  return `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

const RELATION_DOMAIN: Partial<Record<Relation, Domain>> = {
  spouse: 'relationships',
  partner: 'relationships',
  child: 'family',
  parent: 'family',
  sibling: 'family',
  best_friend: 'relationships',
  friend: 'relationships',
  employer: 'work',
  manager: 'work',
  coworker: 'work',
  doctor: 'health',
  pet: 'pets',
  home: 'home',
  hometown: 'personal',
  neighbor: 'home',
};

export interface GenerateOptions {
  seed: number;
  userId: string;
  memories: number;
  /** Separates the ids of one person seeded into two tenants. */
  tenantLabel: string;
  now: number;
}

export function generatePerson(o: GenerateOptions): GenPerson {
  return new PersonBuilder(o).build();
}

class PersonBuilder {
  private readonly r: Rand;
  private readonly ids: Rand;
  private readonly usedNames = new Set<string>();
  private readonly pool: Array<Omit<GenEntity, 'id' | 'createdAt' | 'lastRelevantAt'>> = [];
  private readonly entities: GenEntity[] = [];
  private readonly domains = new Map<Domain, GenDomain>();
  private readonly facts: GenFact[] = [];
  private readonly messages: GenMessage[] = [];
  private readonly interests = new Map<string, GenInterest>();
  private readonly prints = new Set<string>();
  private readonly factsOf = new Map<string, number>();
  private readonly self: GenEntity;
  private readonly start: number;
  private readonly span: number;
  private readonly expectedFacts: number;
  private readonly activities: string[];
  private readonly foods: string[];
  private readonly cities: string[];
  private t: number;

  constructor(private readonly o: GenerateOptions) {
    this.r = prng(seedOf(o.seed, 'person', o.userId));
    this.ids = prng(seedOf(o.seed, 'ids', o.tenantLabel, o.userId));
    this.span = historyDays(o.memories) * DAY;
    this.start = o.now - this.span;
    this.t = this.start;
    this.expectedFacts = Math.max(1, Math.round(o.memories * 0.84));
    // Each person has favourite things: a share of the vocabulary, so their facts and questions recur on them.
    this.activities = shuffled(this.r, V.ACTIVITIES).slice(0, int(this.r, 8, 30));
    this.foods = shuffled(this.r, V.FOODS).slice(0, int(this.r, 6, 20));
    this.cities = shuffled(this.r, V.CITIES);
    this.self = {
      id: uuidFrom(this.ids),
      name: 'self',
      kind: 'self',
      relation: null,
      role: null,
      aliases: [],
      gravity: 1,
      domains: ['personal'],
      summary: 'The user',
      createdAt: this.start,
      lastRelevantAt: this.start,
    };
    this.planEntities(Math.max(6, Math.round(o.memories * 0.08)) - 1);
  }

  private newName(kind: 'first' | 'full' = 'first'): string {
    for (let i = 0; i < 200; i++) {
      const first = pick(this.r, V.FIRST_NAMES);
      const name = kind === 'full' || this.usedNames.size > 70 ? `${first} ${pick(this.r, V.LAST_NAMES)}` : first;
      if (!this.usedNames.has(name)) {
        this.usedNames.add(name);
        return name;
      }
    }
    const name = `${pick(this.r, V.FIRST_NAMES)} ${pick(this.r, V.LAST_NAMES)}-${this.usedNames.size}`;
    this.usedNames.add(name);
    return name;
  }

  private plan(name: string, kind: EntityKind, relation: Relation | null, role: string | null): void {
    const gravity = gravityFor(kind, relation);
    const domain: Domain =
      (relation ? RELATION_DOMAIN[relation] : undefined) ?? (kind === 'place' ? 'travel' : kind === 'organization' ? 'hobbies' : 'relationships');
    const summary = relation ? `${name} (the user's ${relation.replace(/_/g, ' ')})` : `${name} (${kind})`;
    this.pool.push({ name, kind, relation, role, aliases: role ? [role.toLowerCase()] : [], gravity, domains: [domain], summary });
  }

  /** The people, places and organisations of this life, most central first; introduced as the history goes on. */
  private planEntities(count: number): void {
    const r = this.r;
    const spouseRole = pick(r, ['wife', 'husband', 'partner']);
    if (chance(r, 0.75)) this.plan(this.newName(), 'person', spouseRole === 'partner' ? 'partner' : 'spouse', spouseRole);
    this.plan(pick(r, V.EMPLOYERS), 'organization', 'employer', null);
    this.plan(this.cities.shift()!, 'place', 'home', null);
    this.plan(this.newName(), 'person', 'parent', 'mom');
    this.plan(this.newName(), 'person', 'best_friend', 'best friend');
    for (let i = int(r, 0, 3); i > 0; i--) this.plan(this.newName(), 'person', 'child', pick(r, ['son', 'daughter']));
    this.plan(this.newName(), 'person', 'parent', 'dad');
    if (chance(r, 0.6)) this.plan(`${pick(r, V.PET_NAMES)}`, 'pet', 'pet', pick(r, V.PET_SPECIES));
    this.plan(this.newName(), 'person', 'manager', 'boss');
    for (let i = int(r, 0, 3); i > 0; i--) this.plan(this.newName(), 'person', 'sibling', pick(r, ['sister', 'brother']));
    this.plan(`Dr. ${pick(r, V.LAST_NAMES)}`, 'person', 'doctor', 'doctor');
    this.plan(this.cities.shift()!, 'place', 'hometown', null);
    const venues = shuffled(r, V.VENUES);
    while (this.pool.length < count) {
      const x = r();
      if (x < 0.3) this.plan(this.newName(), 'person', 'friend', 'friend');
      else if (x < 0.5) this.plan(this.newName('full'), 'person', 'coworker', 'coworker');
      else if (x < 0.6) this.plan(this.newName('full'), 'person', null, null);
      else if (x < 0.63) this.plan(this.newName(), 'person', 'neighbor', 'neighbor');
      else if (x < 0.88 && this.cities.length) this.plan(this.cities.shift()!, 'place', null, null);
      else if (venues.length) this.plan(venues.shift()!, 'organization', null, null);
      else this.plan(this.newName('full'), 'person', 'friend', 'friend');
    }
    this.pool.length = Math.min(this.pool.length, count);
    this.pool.reverse(); // popped from the end: most central first
  }

  private introduced(kind?: EntityKind, filter: (e: GenEntity) => boolean = () => true): GenEntity[] {
    return this.entities.filter((e) => (kind === undefined || e.kind === kind) && filter(e));
  }

  /** Weighted by gravity: the spouse comes up more often than a coworker. */
  private pickEntity(xs: GenEntity[]): GenEntity | undefined {
    if (!xs.length) return undefined;
    const total = xs.reduce((s, e) => s + e.gravity, 0);
    let x = this.r() * total;
    for (const e of xs) if ((x -= e.gravity) <= 0) return e;
    return xs[xs.length - 1];
  }

  private ref(e: GenEntity): string {
    if (e.kind === 'pet') return `my ${e.role} ${e.name}`;
    return e.role && e.kind === 'person' && e.relation !== 'doctor' ? `my ${e.role} ${e.name}` : e.name;
  }

  private sref(e: GenEntity): string {
    if (e.kind === 'self') return 'the user';
    if (e.kind === 'pet' || (e.role && e.kind === 'person' && e.relation !== 'doctor')) return `the user's ${e.role} ${e.name}`;
    return e.name;
  }

  private static cap(s: string): string {
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  // --- the facts a life is told in -------------------------------------------------------------------------

  private selfDraft(): Draft | undefined {
    const r = this.r;
    const S = this.self;
    const t = this.t;
    const a = pick(r, this.activities);
    const f = pick(r, this.foods);
    const wd = pick(r, V.WEEKDAYS);
    const person = () => this.pickEntity(this.introduced('person', (e) => e.relation !== 'doctor'));
    const place = () => this.pickEntity(this.introduced('place'));
    const org = () => this.pickEntity(this.introduced('organization'));
    const x = r();
    if (x < 0.14) {
      const [v, vs] = pick(r, [
        ['love', 'loves'],
        ['really enjoy', 'really enjoys'],
        ["I'm really into", 'is really into'],
      ] as const);
      const text = v.startsWith('I') ? `${v} ${a}.` : `I ${v} ${a}.`;
      return {
        text,
        summary: `The user ${vs} ${a}.`,
        topic: a,
        domain: 'hobbies',
        hint: ['preference'],
        subject: S,
        mentions: [],
        interest: { topic: a, strength: 0.9 },
      };
    }
    if (x < 0.26) {
      const p = person();
      if (!p) return undefined;
      const d = lastWeekday(t, wd);
      return {
        text: `I went ${a} with ${this.ref(p)} last ${wd}.`,
        summary: `The user went ${a} with ${this.sref(p)} last ${wd} (on ${iso(d)}).`,
        topic: a,
        domain: 'hobbies',
        hint: [],
        subject: S,
        mentions: [p],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    if (x < 0.36) {
      const P = place();
      if (!P) return undefined;
      const p = chance(r, 0.6) ? person() : undefined;
      const month = pick(r, V.MONTHS);
      const date = monthDate(t, month, false);
      const y = date.slice(0, 4);
      const text = p ? `I visited ${P.name} with ${this.ref(p)} in ${month}.` : `I visited ${P.name} in ${month}.`;
      const summary = p
        ? `The user visited ${P.name} with ${this.sref(p)} in ${month} (in ${month} ${y}).`
        : `The user visited ${P.name} in ${month} (in ${month} ${y}).`;
      return {
        text,
        summary,
        topic: `trip to ${P.name}`,
        domain: 'travel',
        hint: [],
        subject: S,
        mentions: p ? [P, p] : [P],
        eventDate: date,
        datePrecision: 'month',
      };
    }
    if (x < 0.42) {
      const P = place();
      if (!P) return undefined;
      const month = pick(r, V.MONTHS);
      const date = monthDate(t, month, true);
      return {
        text: `I'm planning a trip to ${P.name} in ${month}.`,
        summary: `The user is planning a trip to ${P.name} in ${month} (in ${month} ${date.slice(0, 4)}).`,
        topic: `trip to ${P.name}`,
        domain: 'travel',
        hint: ['plan'],
        subject: S,
        mentions: [P],
        eventDate: date,
        datePrecision: 'month',
      };
    }
    if (x < 0.52) {
      const [v, vs] = pick(r, [
        ['My favourite dish is', "The user's favourite dish is"],
        ['I really like', 'The user really likes'],
        ['I could eat', 'The user could eat'],
      ] as const);
      const tail = v === 'I could eat' ? ' every day' : '';
      return {
        text: `${v} ${f}${tail}.`,
        summary: `${vs} ${f}${tail}.`,
        topic: f,
        domain: 'food',
        hint: ['preference'],
        subject: S,
        mentions: [],
        interest: v === 'I could eat' ? undefined : { topic: f, strength: 0.8 },
      };
    }
    if (x < 0.55)
      return {
        text: `I can't stand ${f}.`,
        summary: `The user can't stand ${f}.`,
        topic: f,
        domain: 'food',
        hint: ['preference'],
        subject: S,
        mentions: [],
      };
    if (x < 0.565) {
      const al = pick(r, V.ALLERGENS);
      return {
        text: `I'm allergic to ${al}.`,
        summary: `The user is allergic to ${al}.`,
        topic: `${al} allergy`,
        domain: 'health',
        hint: ['constraint', 'health'],
        subject: S,
        mentions: [],
      };
    }
    if (x < 0.59) {
      const E = this.introduced('organization', (e) => e.relation === 'employer')[0];
      if (!E) return undefined;
      const job = pick(r, V.JOBS);
      if (chance(r, 0.15))
        return {
          text: `I got promoted to ${job} at ${E.name}!`,
          summary: `The user got promoted to ${job} at ${E.name}!`,
          topic: `promotion at ${E.name}`,
          domain: 'work',
          hint: ['life_event'],
          subject: S,
          mentions: [E],
          eventDate: iso(t),
          datePrecision: 'day',
        };
      return {
        text: `I work as ${an(job)} at ${E.name}.`,
        summary: `The user works as ${an(job)} at ${E.name}.`,
        topic: job,
        domain: 'work',
        hint: ['identity'],
        subject: S,
        mentions: [E],
      };
    }
    if (x < 0.66) {
      const O = org();
      if (!O || O.relation === 'employer') return undefined;
      return {
        text: `Every ${wd} I go ${a} at ${O.name}.`,
        summary: `Every ${wd} the user goes ${a} at ${O.name}.`,
        topic: a,
        domain: 'hobbies',
        hint: ['routine'],
        subject: S,
        mentions: [O],
      };
    }
    if (x < 0.7) {
      const bp = pick(r, V.BODY_PARTS);
      const d = lastWeekday(t, wd);
      return {
        text: `I hurt my ${bp} while ${a} last ${wd}.`,
        summary: `The user hurt their ${bp} while ${a} last ${wd} (on ${iso(d)}).`,
        topic: `${bp} injury`,
        domain: 'health',
        hint: ['health'],
        subject: S,
        mentions: [],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    if (x < 0.74) {
      const subj = pick(r, V.SUBJECTS);
      return {
        text: `I'm taking a class on ${subj} this ${pick(r, V.SEASONS)}.`,
        summary: `The user is taking a class on ${subj}.`,
        topic: `${subj} class`,
        domain: 'education',
        hint: [],
        subject: S,
        mentions: [],
      };
    }
    if (x < 0.77) {
      const p = pick(r, V.PURCHASES);
      return {
        text: `I'm saving up for ${p}.`,
        summary: `The user is saving up for ${p}.`,
        topic: `saving for ${p.replace(/^an? /, '')}`,
        domain: 'finances',
        hint: ['plan'],
        subject: S,
        mentions: [],
      };
    }
    if (x < 0.81) {
      const room = pick(r, V.ROOMS);
      const colour = pick(r, V.COLOURS);
      const d = lastWeekday(t, 'Saturday');
      return {
        text: `We repainted the ${room} ${colour} last weekend.`,
        summary: `The user repainted the ${room} ${colour} last weekend (on ${iso(d)}).`,
        topic: `${room} paint`,
        domain: 'home',
        hint: [],
        subject: S,
        mentions: [],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    if (x < 0.85) {
      const P = place();
      if (!P) return undefined;
      return {
        text: `I think ${P.name} has the best ${f}.`,
        summary: `The user thinks ${P.name} has the best ${f}.`,
        topic: f,
        domain: 'food',
        hint: ['opinion'],
        subject: S,
        mentions: [P],
      };
    }
    if (x < 0.9) {
      const E = this.introduced('organization', (e) => e.relation === 'employer')[0];
      if (!E) return undefined;
      const feel = pick(r, V.FEELINGS);
      const d = lastWeekday(t, wd);
      return {
        text: `I felt ${feel} after the big presentation at ${E.name} on ${wd}.`,
        summary: `The user felt ${feel} after the big presentation at ${E.name} on ${wd} (on ${iso(d)}).`,
        topic: 'presentation',
        domain: 'work',
        hint: [],
        subject: S,
        mentions: [E],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    const feel = pick(r, V.FEELINGS);
    return {
      text: `I've been feeling ${feel} about ${a} lately.`,
      summary: `The user has been feeling ${feel} about ${a} lately.`,
      topic: a,
      domain: 'personal',
      hint: [],
      subject: S,
      mentions: [],
    };
  }

  private otherDraft(X: GenEntity): Draft | undefined {
    const r = this.r;
    const t = this.t;
    const a = pick(r, this.activities);
    const f = pick(r, this.foods);
    const wd = pick(r, V.WEEKDAYS);
    const dom = X.domains[0]!;
    const R = PersonBuilder.cap(this.ref(X));
    const SR = PersonBuilder.cap(this.sref(X));
    if (X.kind === 'pet') {
      if (chance(r, 0.5)) {
        const act = pick(r, V.PET_ACTIVITIES);
        return {
          text: `${R} loves ${act}.`,
          summary: `${SR} loves ${act}.`,
          topic: `${X.name} — ${act}`,
          domain: 'pets',
          hint: ['preference'],
          subject: X,
          mentions: [],
        };
      }
      const d = lastWeekday(t, wd);
      return {
        text: `I took ${X.name} to the vet last ${wd}.`,
        summary: `The user took ${X.name} to the vet last ${wd} (on ${iso(d)}).`,
        topic: `${X.name} — vet`,
        domain: 'pets',
        hint: ['health'],
        subject: X,
        mentions: [],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    if (X.kind === 'place') {
      const month = pick(r, V.MONTHS);
      const date = monthDate(t, month, false);
      if (chance(r, 0.5))
        return {
          text: `${X.name} was beautiful when we visited in ${month}.`,
          summary: `${X.name} was beautiful when the user visited in ${month} (in ${month} ${date.slice(0, 4)}).`,
          topic: `trip to ${X.name}`,
          domain: 'travel',
          hint: [],
          subject: X,
          mentions: [],
          eventDate: date,
          datePrecision: 'month',
        };
      return {
        text: `The ${f} in ${X.name} was amazing.`,
        summary: `The ${f} in ${X.name} was amazing.`,
        topic: `${X.name} — ${f}`,
        domain: 'food',
        hint: [],
        subject: X,
        mentions: [],
      };
    }
    if (X.kind === 'organization') {
      if (X.relation === 'employer') {
        const p = this.pickEntity(this.introduced('person', (e) => e.relation === 'coworker' || e.relation === 'manager'));
        return {
          text: `${X.name} is moving to a new office in ${this.cities[int(r, 0, this.cities.length - 1)] ?? 'the city'} next ${pick(r, V.MONTHS)}.`,
          summary: `${X.name} is moving to a new office.`,
          topic: `${X.name} — office move`,
          domain: 'work',
          hint: ['plan'],
          subject: X,
          mentions: p ? [p] : [],
        };
      }
      return {
        text: `${X.name} started offering ${a} classes on ${wd}s.`,
        summary: `${X.name} started offering ${a} classes on ${wd}s.`,
        topic: `${X.name} — ${a}`,
        domain: 'hobbies',
        hint: [],
        subject: X,
        mentions: [],
      };
    }
    const x = r();
    if (x < 0.25)
      return {
        text: `${R} loves ${a}.`,
        summary: `${SR} loves ${a}.`,
        topic: `${X.name} — ${a}`,
        domain: dom,
        hint: ['preference'],
        subject: X,
        mentions: [],
      };
    if (x < 0.37) {
      const P = this.pickEntity(this.introduced('place'));
      const job = pick(r, V.JOBS);
      return {
        text: `${R} works as ${an(job)}${P ? ` in ${P.name}` : ''}.`,
        summary: `${SR} works as ${an(job)}${P ? ` in ${P.name}` : ''}.`,
        topic: `${X.name} — ${job}`,
        domain: 'work',
        hint: [],
        subject: X,
        mentions: P ? [P] : [],
      };
    }
    if (x < 0.39) {
      const al = pick(r, V.ALLERGENS);
      return {
        text: `${R} is allergic to ${al}.`,
        summary: `${SR} is allergic to ${al}.`,
        topic: `${X.name} — ${al} allergy`,
        domain: 'health',
        hint: ['constraint', 'health'],
        subject: X,
        mentions: [],
      };
    }
    if (x < 0.55) {
      const d = lastWeekday(t, wd);
      return {
        text: `${R} cooked ${f} for us on ${wd}.`,
        summary: `${SR} cooked ${f} for the user on ${wd} (on ${iso(d)}).`,
        topic: `${X.name} — ${f}`,
        domain: 'food',
        hint: [],
        subject: X,
        mentions: [],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    if (x < 0.6) {
      const P = this.pickEntity(this.introduced('place'));
      if (!P) return undefined;
      return {
        text: `${R} just moved to ${P.name}.`,
        summary: `${SR} just moved to ${P.name} (on ${iso(t)}).`,
        topic: `${X.name} — move to ${P.name}`,
        domain: dom,
        hint: ['life_event'],
        subject: X,
        mentions: [P],
        eventDate: iso(t),
        datePrecision: 'day',
      };
    }
    if (x < 0.66) {
      const month = pick(r, V.MONTHS);
      const day = int(r, 1, 28);
      const y = new Date(t).getUTCFullYear();
      return {
        text: `${R}'s birthday is on ${month} ${day}.`,
        summary: `${SR}'s birthday is on ${month} ${day}.`,
        topic: `${X.name} — birthday`,
        domain: dom,
        hint: [],
        subject: X,
        mentions: [],
        eventDate: `${y}-${String(V.MONTHS.indexOf(month) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        datePrecision: 'day',
      };
    }
    if (x < 0.82) {
      const P = this.pickEntity(this.introduced('place'));
      const d = lastWeekday(t, wd);
      const where = P ? ` in ${P.name}` : '';
      return {
        text: `${R} and I went ${a}${where} on ${wd}.`,
        summary: `${SR} and the user went ${a}${where} on ${wd} (on ${iso(d)}).`,
        topic: `${X.name} — ${a}`,
        domain: dom,
        hint: [],
        subject: X,
        mentions: P ? [P] : [],
        eventDate: iso(d),
        datePrecision: 'day',
      };
    }
    const feel = pick(r, V.FEELINGS);
    const thing = pick(r, ['the new job', 'the move', 'school', 'the wedding plans', 'the marathon', 'the renovation', 'the exams']);
    return {
      text: `${R} has been feeling ${feel} about ${thing}.`,
      summary: `${SR} has been feeling ${feel} about ${thing}.`,
      topic: `${X.name} — ${thing.replace(/^the /, '')}`,
      domain: dom,
      hint: [],
      subject: X,
      mentions: [],
    };
  }

  /** A fact that introduces a planned entity (its first mention), or undefined when none is due. */
  private introduce(): Draft | undefined {
    const next = this.pool[this.pool.length - 1];
    if (!next) return undefined;
    const e: GenEntity = { ...next, id: '', createdAt: this.t, lastRelevantAt: this.t };
    if (e.kind === 'place' && e.relation === 'home')
      return {
        text: `I live in ${e.name}.`,
        summary: `The user lives in ${e.name}.`,
        topic: e.name,
        domain: 'home',
        hint: ['identity'],
        subject: this.self,
        mentions: [e],
      };
    if (e.kind === 'place' && e.relation === 'hometown')
      return {
        text: `I grew up in ${e.name}.`,
        summary: `The user grew up in ${e.name}.`,
        topic: e.name,
        domain: 'personal',
        hint: ['identity'],
        subject: this.self,
        mentions: [e],
      };
    if (e.relation === 'employer')
      return {
        text: `I work as ${an(pick(this.r, V.JOBS))} at ${e.name}.`,
        summary: `The user works at ${e.name}.`,
        topic: `job at ${e.name}`,
        domain: 'work',
        hint: ['identity'],
        subject: this.self,
        mentions: [e],
      };
    return this.otherDraft(e);
  }

  private domain(name: Domain, t: number): number {
    const d = this.domains.get(name);
    if (d) {
      d.lastRelevantAt = t;
      return 0;
    }
    this.domains.set(name, { id: uuidFrom(this.ids), name, createdAt: t, lastRelevantAt: t });
    return 1;
  }

  /** Memory nodes a draft would add. */
  private cost(d: Draft): number {
    const ents = [d.subject, ...d.mentions].filter((e) => !e.id).length;
    const doms = new Set([d.domain, ...[d.subject, ...d.mentions].filter((e) => !e.id).map((e) => e.domains[0]!)].filter((x) => !this.domains.has(x)))
      .size;
    const interest = d.interest && !this.interests.has(d.interest.topic.toLowerCase()) ? 1 : 0;
    return 1 + ents + doms + interest;
  }

  private count(): number {
    return this.domains.size + this.entities.length + 1 + this.facts.length + this.interests.size; // +1: self
  }

  build(): GenPerson {
    const r = this.r;
    const target = this.o.memories;
    this.domain('personal', this.start);
    let message: GenMessage | undefined;
    while (this.count() < target) {
      const remaining = target - this.count();
      const i = this.facts.length;
      // Facts spread evenly over the history; a message carries one fact, sometimes two.
      if (!message || message.facts >= 2 || chance(r, 0.7)) {
        this.t = Math.min(this.o.now - 60_000, this.start + ((i + 0.5) / this.expectedFacts) * this.span + int(r, 0, 3600) * 1000);
        message = undefined;
      }
      const introduce = this.pool.length > 0 && r() < Math.min(1, (this.pool.length * 1.3) / Math.max(1, remaining - 1) + (i < 12 ? 0.5 : 0));
      let draft: Draft | undefined;
      for (let attempt = 0; attempt < 40 && !draft; attempt++) {
        let d: Draft | undefined;
        if (introduce && attempt < 5) d = this.introduce();
        else if (chance(r, 0.5) || this.entities.length === 0) d = this.selfDraft();
        else d = this.otherDraft(this.pickEntity(this.entities)!);
        if (!d || this.cost(d) > remaining) continue;
        if (this.prints.has(fingerprint(d.subject.id || d.subject.name, d.text))) continue;
        draft = d;
      }
      // Nothing fits the last node or two: a plain statement about the person, filed under 'personal'.
      const feel = pick(r, V.FEELINGS);
      const day = iso(this.t);
      draft ??= {
        text: `I felt ${feel} on ${day}, day ${i} of my notes.`,
        summary: `The user felt ${feel} on ${day}.`,
        topic: 'mood',
        domain: 'personal',
        hint: [],
        subject: this.self,
        mentions: [],
      };
      if (!message) {
        message = { id: uuidFrom(this.ids), text: '', at: this.t, facts: 0 };
        this.messages.push(message);
      }
      this.add(draft, message);
    }
    const entities = [this.self, ...this.entities];
    const last = Math.max(...this.messages.map((m) => m.at), this.start);
    return {
      userId: this.o.userId,
      memories: this.count(),
      createdAt: this.start,
      memoryVersion: this.start + this.messages.length,
      domains: [...this.domains.values()],
      entities: entities.map((e) => ({ ...e, lastRelevantAt: Math.min(e.lastRelevantAt, last) })),
      messages: this.messages,
      facts: this.facts,
      interests: [...this.interests.values()],
      vocab: {
        people: this.entities.filter((e) => e.kind === 'person' || e.kind === 'pet'),
        places: this.entities.filter((e) => e.kind === 'place').map((e) => e.name),
        activities: this.activities,
        foods: this.foods,
        orgs: this.entities.filter((e) => e.kind === 'organization').map((e) => e.name),
      },
    };
  }

  private add(d: Draft, message: GenMessage): void {
    const r = this.r;
    const t = this.t;
    for (const e of [d.subject, ...d.mentions]) {
      if (!e.id) {
        e.id = uuidFrom(this.ids);
        this.pool.pop();
        this.entities.push(e);
        this.domain(e.domains[0]!, t);
      }
      e.lastRelevantAt = t;
    }
    this.domain(d.domain, t);
    // As updateEntities.cypher does: an entity is filed under every domain it comes up in.
    for (const e of [d.subject, ...d.mentions]) if (e.kind !== 'self' && !e.domains.includes(d.domain)) e.domains.push(d.domain);

    const named = [d.subject, ...d.mentions];
    const categories = [...new Set<FactCategory>([...categoriesOf(d.text), ...d.hint])];
    const scoring = scoreSignals(d.text, {
      categories,
      entityGravities: named.map((e) => e.gravity),
      entityNames: named.flatMap((e) => (e.kind === 'self' ? [] : [e.name, ...e.aliases])),
      priorMentions: this.factsOf.get(d.subject.id) ?? 0,
      eventType: 'message',
    });
    this.factsOf.set(d.subject.id, (this.factsOf.get(d.subject.id) ?? 0) + 1);
    const print = fingerprint(d.subject.id, d.text);
    this.prints.add(print);
    this.prints.add(fingerprint(d.subject.name, d.text));
    const processed = chance(r, 0.15);
    const lastRelevantAt = processed ? t + r() * (this.o.now - t) * 0.5 : t;
    const lifeEvent = scoring.categories.includes('life_event');
    this.facts.push({
      id: uuidFrom(this.ids),
      subjectId: d.subject.id,
      mentionIds: [...new Set(d.mentions.map((e) => e.id))].filter((id) => id !== d.subject.id),
      messageId: message.id,
      topic: d.topic,
      summary: d.summary,
      text: d.text,
      domain: d.domain,
      scoring,
      eventDate: d.eventDate ?? null,
      datePrecision: d.datePrecision ?? null,
      spike: lifeEvent ? 0.3 : 0,
      spikeAt: lifeEvent ? t : null,
      processingCount: processed ? int(r, 1, 4) : 0,
      createdAt: t,
      lastRelevantAt,
      fingerprint: print,
      polarity: polarityOf(d.text),
      keyWords: keyWordsOf(d.text),
    });
    message.text = message.text ? `${message.text} ${d.text}` : d.text;
    message.facts++;
    if (d.interest && d.subject.kind === 'self') {
      const key = d.interest.topic.toLowerCase();
      const it = this.interests.get(key);
      if (it) {
        it.evidence++;
        it.lastRelevantAt = t;
        it.strength = Math.max(it.strength, d.interest.strength);
        if (!it.messageIds.includes(message.id)) it.messageIds.push(message.id);
      } else
        this.interests.set(key, {
          id: uuidFrom(this.ids),
          key,
          ownerId: this.self.id,
          topic: d.interest.topic,
          summary: `The user is interested in ${d.interest.topic}.`,
          domain: d.domain,
          evidence: 1,
          strength: d.interest.strength,
          createdAt: t,
          lastRelevantAt: t,
          messageIds: [message.id],
        });
    }
  }
}

// --- questions and messages ---------------------------------------------------------------------------------

/**
 * Distinct questions about one person, drawn from their own people, places and tastes plus the shared vocabulary
 * (about one in ten names someone they never mentioned), never repeating: the retrieval cache keys on the text.
 */
export class QuestionSource {
  private readonly r: Rand;
  private readonly seen = new Set<string>();
  constructor(
    private readonly p: Pick<GenPerson, 'vocab'>,
    seed: number,
    label: string,
  ) {
    this.r = prng(seedOf(seed, 'questions', label));
  }

  next(): string {
    for (let i = 0; i < 1000; i++) {
      const q = this.draw();
      if (!this.seen.has(q)) {
        this.seen.add(q);
        return q;
      }
    }
    const q = `${this.draw()} (${this.seen.size})`;
    this.seen.add(q);
    return q;
  }

  get drawn(): number {
    return this.seen.size;
  }

  private draw(): string {
    const r = this.r;
    const v = this.p.vocab;
    const person = v.people.length && chance(r, 0.9) ? pick(r, v.people) : undefined;
    const name = person
      ? person.role && chance(r, 0.3) && person.kind === 'person' && person.relation !== 'doctor'
        ? `my ${person.role}`
        : person.name
      : pick(r, V.FIRST_NAMES);
    const place = v.places.length && chance(r, 0.85) ? pick(r, v.places) : pick(r, V.CITIES);
    const a = chance(r, 0.85) ? pick(r, v.activities) : pick(r, V.ACTIVITIES);
    const f = chance(r, 0.85) ? pick(r, v.foods) : pick(r, V.FOODS);
    const month = pick(r, V.MONTHS);
    const wd = pick(r, V.WEEKDAYS);
    const org = v.orgs.length ? pick(r, v.orgs) : pick(r, V.EMPLOYERS);
    const templates = [
      () => `What does ${name} like to do on weekends?`,
      () => `What does ${name} do for a living?`,
      () => `Where does ${name} live now?`,
      () => `When did I last go to ${place}?`,
      () => `Who did I go ${a} with?`,
      () => `What did ${name} cook for us?`,
      () => `Is ${name} allergic to anything?`,
      () => `What are my plans for ${month}?`,
      () => `When is ${name}'s birthday?`,
      () => `What should I cook for ${name} tonight, maybe ${f}?`,
      () => `How was the trip to ${place} in ${month}?`,
      () => `Do I still go ${a} at ${org}?`,
      () => `What did I do last ${wd}?`,
      () => `Does ${name} like ${f}?`,
      () => `What do you remember about ${a}?`,
      () => `What did ${name} and I do in ${place}?`,
      () => `Any news about ${name} and ${a}?`,
      () => `What happened with ${name} in ${month}?`,
      () => `Which places did I visit with ${name}?`,
      () => `Can you recommend somewhere for ${f} in ${place}?`,
      () => `I'm thinking of trying ${a} with ${name} next ${wd}, good idea?`,
      () => `What's going on at ${org} lately?`,
      () => `Have I ever been hurt while ${a}?`,
      () => `How is ${name} feeling these days?`,
      () => `Should I bring ${f} to ${name}'s party on ${wd}?`,
    ];
    return pick(r, templates)();
  }
}

/** Messages as an app would send them for a person of the ingest tests: the facts' sentences, with some small talk. */
export function conversation(seed: number, userId: string, count: number, now: number): string[] {
  const p = generatePerson({ seed, userId, memories: Math.max(20, Math.round(count * 2 + 10)), tenantLabel: 'messages', now });
  const r = prng(seedOf(seed, 'small-talk', userId));
  const out: string[] = [];
  for (const m of p.messages) {
    if (out.length >= count) break;
    out.push(chance(r, 0.1) ? pick(r, V.SMALL_TALK) : m.text);
  }
  while (out.length < count) out.push(pick(r, V.SMALL_TALK));
  return out;
}
