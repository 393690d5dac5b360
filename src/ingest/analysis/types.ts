// What offline analysis makes of one message: the entities it mentions and the facts it states.
// Pure data: no graph access, no network. The write path turns it into nodes and edges.
import type { DatePrecision } from './dates.js';

export const ENTITY_KINDS = ['self', 'person', 'place', 'organization', 'pet', 'project', 'concept', 'event', 'product'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** The people of one's own life: family, partners and friends (a fact about one of them is a relationship). */
const PERSONAL = ['spouse', 'partner', 'child', 'parent', 'sibling', 'grandparent', 'grandchild', 'relative', 'best_friend', 'friend'] as const;
/** Canonical relations to the person; kinship and role words ("my wife", "my spouse") map onto these. */
export const RELATIONS = [
  ...PERSONAL,
  'coworker',
  'manager',
  'report',
  'employer',
  'client',
  'school',
  'teacher',
  'doctor',
  'therapist',
  'neighbor',
  'roommate',
  'landlord',
  'pet',
  'home',
  'former_home',
  'former_employer',
  'former_partner',
  'former_spouse',
  'hometown',
] as const;
export type Relation = (typeof RELATIONS)[number];
export const PERSONAL_RELATIONS: ReadonlySet<Relation> = new Set(PERSONAL);
/** Relations that end, each with the relation it becomes: a home left, a job left (Analysis.heldNow), a couple parted. */
export const FORMER = {
  home: 'former_home',
  employer: 'former_employer',
  partner: 'former_partner',
  spouse: 'former_spouse',
} as const satisfies Partial<Record<Relation, Relation>>;
export type HeldRelation = keyof typeof FORMER;

export const DOMAINS = [
  'personal',
  'family',
  'relationships',
  'work',
  'health',
  'hobbies',
  'finances',
  'education',
  'travel',
  'food',
  'home',
  'pets',
] as const;
export type Domain = (typeof DOMAINS)[number];

export type FactCategory = 'identity' | 'life_event' | 'constraint' | 'preference' | 'plan' | 'health' | 'relationship' | 'routine' | 'opinion';

/** An entity the person already has in the graph (for alias matching). */
export interface KnownEntity {
  id: string;
  name: string;
  kind: EntityKind;
  relation: Relation | null;
  aliases: string[];
  gravity: number;
}

export interface EntityMention {
  /** Unique within one analysis; 'self' for the person. Facts refer to entities by key. */
  key: string;
  /** Display name: a proper name when known ("Sarah"), else the role word ("wife"). */
  name: string;
  kind: EntityKind;
  relation: Relation | null;
  /** Other words the person used for it in this message ("wife", "spouse", "Sare"); lower-case. */
  aliases: string[];
  /** 0..1: how central to the person's life (spouse, children, employer high; a passing mention low). */
  gravity: number;
  /** Set when alias or name matching resolved the mention to a known entity. */
  existingId?: string;
  /** The kind is a guess that a language model could settle (tier 3), e.g. an unknown capitalised name. */
  ambiguous: boolean;
  /** A known unnamed entity ("wife") that this message names ("my wife Sarah"): rename it to `name`. */
  renames?: boolean;
}

export interface FactCandidate {
  /** The sentence as said (already scrubbed of PII). */
  text: string;
  /** A self-contained rewrite for a system prompt: third person, names resolved ("Sarah (wife) loves hiking."). */
  summary: string;
  /** A short label, shown as `about` in context items ("Sarah", "peanut allergy", "job at Acme"). */
  topic: string;
  subjectKey: string;
  mentionKeys: string[];
  domain: Domain;
  categories: FactCategory[];
  /** Absolute date of what the fact is about (relative words resolved against the message time), YYYY-MM-DD. */
  eventDate: string | null;
  datePrecision: DatePrecision | null;
  /**
   * The question a framed answer answers ("How old are you?" for "The user is 34"): embedded with the memory, whose
   * own words no longer hold it, so a question like it finds it.
   */
  askedWith?: string;
  /** The statement a framed answer makes ("She is seven." for "Seven."): scored as if said so, since its words alone say little. */
  framedStatement?: string;
  /** The speaker is the sentence's subject with no word for them ("Just got back from a road trip"): scoring counts the dropped "I". */
  speakerUnsaid?: boolean;
  /** Set when the fact expresses an interest or preference ("I love hiking"). */
  interest?: {
    topic: string;
    strength: number;
    /** Entity key of whoever holds the interest when it is not the user (another speaker): the write files it there. */
    holderKey?: string;
    /** The speaker's name, when given, for the interest's wording ("Wren is interested in …"). */
    holderName?: string;
  };
}

export interface Analysis {
  entities: EntityMention[];
  facts: FactCandidate[];
  /** The person asked that this message be kept out of their memory ("Don't remember this, but …"). */
  keptOut?: boolean;
  /**
   * What this message puts right of the speaker's earlier ones ("Sorry, it's Thursday not Tuesday"): the message
   * that said it, the words it replaced and the words replacing them. The write archives the memories of the words replaced.
   */
  corrections?: Array<{ messageId: string; wrong: string; right: string }>;
  /**
   * What this message says is the person's own now, in place of what they had: a home ("We moved to Bath", "I live
   * in Leeds") or an employer joined ("I started a new job at Aldi"); `left` marks one the person has left ("I quit
   * my job at Tesco"), which ends only itself.
   */
  heldNow?: Array<{ key: string; relation: HeldRelation; left?: true }>;
}

export interface AnalysisContext {
  speaker: 'user' | 'assistant' | 'other';
  /** When the message happened; relative times are resolved against it. */
  eventTime: Date;
  known: KnownEntity[];
  /**
   * The speaker's own name, when the caller gives one (multi-party conversations). Summaries then name the speaker
   * ("Farid went …") instead of "the user" / "the other speaker"; see analyse.ts for what it changes in entities.
   */
  speakerName?: string;
  /**
   * The message just before in the same conversation, when known: a short answer ("Margherita, obviously!") keeps
   * the question it answers ("What's your favourite pizza?") when that message was someone else's.
   */
  previous?: EarlierTurn;
  /**
   * The messages before `previous` in the same conversation, nearest first (a few at most): whom a "she" or "him"
   * means when the message names no one before it (discourse.ts).
   */
  earlier?: EarlierTurn[];
}

/** A message said before the one being read, in the same conversation. */
export interface EarlierTurn {
  /** The stored message's id, when it has one: what a correction of it points at. */
  messageId?: string;
  text: string;
  speaker: 'user' | 'assistant' | 'other';
  speakerName?: string;
}

/** The five signals (spec 2.6), each 0..1, and what the base score was built from. */
export interface Signals {
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
}

export interface Scoring extends Signals {
  baseScore: number;
  categories: FactCategory[];
  /** Multiplier on the decay rate: below 1 decays slower (constraints, identity), above 1 faster (small talk). */
  decayModifier: number;
  /** True when category or event-type modifiers moved the base score away from the plain signal blend. */
  modifiersApplied: boolean;
}
