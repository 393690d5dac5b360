// Entities of one message: specs resolved to entities, the person's known entities first (by name, or by role
// for "my wife"), then entities met earlier in the message, else new ones.
import {
  GENERIC_GROUPS,
  RANK_GROUPS,
  gravityFor,
  HONORIFICS,
  KIND_GRAVITY,
  MAX_REPEAT_NUDGE,
  PLURAL_GROUPS,
  relationClass,
  REPEAT_NUDGE,
  ROLE_INFO,
  THINGS,
  UNIQUE_CLASSES,
  type RoleInfo,
} from './lexicon.js';
import { isUnnamed } from './names.js';
import type { Spec } from './mentions.js';
import { FORMER, type EntityKind, type EntityMention, type KnownEntity, type Relation } from './types.js';

/** Who a question asks about, by kind and relation, with the role word when it names one ("dog", "daughter"). */
export interface AskedAbout {
  kind: EntityKind;
  relation: Relation;
  word?: string;
}

export interface Ent {
  key: string;
  name: string;
  kind: EntityKind;
  relation: Relation | null;
  aliases: Set<string>;
  baseGravity: number;
  mentions: number;
  existingId?: string;
  ambiguous: boolean;
  renames: boolean;
  /** True once the entity has a proper name rather than a role word. */
  named: boolean;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '') || 'x';

function groupsOf(names: Iterable<string>): Set<string> {
  const groups = new Set<string>();
  for (const n of names) {
    const r = ROLE_INFO.get(n.toLowerCase());
    if (r) groups.add(r.group);
  }
  return groups;
}

type Candidate = { relation: Relation | null; names: string[]; unnamed: boolean };

/** How well a candidate fits a role word: the same group ("wife" ~ "spouse") or, for a lone candidate, no conflict. */
function fit(c: Candidate, role: RoleInfo): 'exact' | 'loose' | null {
  if (relationClass(c.relation) !== relationClass(role.relation)) return null;
  const groups = groupsOf(c.names);
  if (groups.has(role.group)) return 'exact';
  // "my eldest" and "my youngest" are two children.
  if (role.rank && [...groups].some((g) => RANK_GROUPS.has(g))) return null;
  if (role.plural || [...groups].some((g) => PLURAL_GROUPS.has(g))) return null;
  if (UNIQUE_CLASSES.has(relationClass(role.relation))) return 'loose';
  if (role.exactOnly) return null;
  const conflicting = [...groups].some((g) => g !== role.group && !GENERIC_GROUPS.has(g));
  return conflicting && !role.generic ? null : 'loose';
}

/** The one candidate that fits: an exact fit (an unnamed one if several), else a lone loose fit. */
function pick<T extends Candidate>(cands: T[], role: RoleInfo): T | undefined {
  const scored = cands.map((c) => ({ c, f: fit(c, role) })).filter((x) => x.f);
  const exact = scored.filter((x) => x.f === 'exact').map((x) => x.c);
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return exact.filter((c) => c.unnamed).length === 1 ? exact.find((c) => c.unnamed) : undefined;
  const loose = scored.map((x) => x.c);
  return loose.length === 1 ? loose[0] : undefined;
}

/** The speaker of a message when the caller named them: their own key in the analysis ('self' or 'other_speaker'). */
export interface NamedSpeaker {
  key: string;
  name: string;
  /** Other names they give themself in the message ("everyone calls me Sam"). */
  aliases?: string[];
}

export class Registry {
  readonly ents = new Map<string, Ent>();
  private readonly knownById: Map<string, KnownEntity>;
  /** Set when a name or alias of the person's self entity was met ("Farid" once the self has that alias). */
  selfReferred = false;

  constructor(
    private readonly known: KnownEntity[],
    readonly speakerIsOther: boolean,
    private readonly speaker?: NamedSpeaker,
    /** Whom the other party asked about ("Do you have a dog?", "What's your sister's name?"), whom "her name is …" names. */
    private readonly askedAbout?: AskedAbout,
  ) {
    this.knownById = new Map(known.map((k) => [k.id, k]));
  }

  private touch(e: Ent, alias?: string): string {
    e.mentions++;
    if (alias && alias.toLowerCase() !== e.name.toLowerCase()) e.aliases.add(alias.toLowerCase());
    return e.key;
  }

  private add(e: Omit<Ent, 'aliases' | 'mentions' | 'renames' | 'ambiguous'> & Partial<Pick<Ent, 'ambiguous' | 'renames'>>, alias?: string): string {
    let key = e.key;
    for (let i = 2; this.ents.has(key); i++) key = `${e.key}-${i}`;
    const ent: Ent = { ambiguous: false, renames: false, ...e, key, aliases: new Set(), mentions: 0 };
    this.ents.set(key, ent);
    return this.touch(ent, alias);
  }

  private fromKnown(k: KnownEntity, alias?: string, relation?: Relation | null): string {
    // The person themself, named by an alias (their speaker name): always the 'self' key, never a second entity.
    if (k.kind === 'self') {
      this.selfReferred = true;
      return 'self';
    }
    const existing = [...this.ents.values()].find((e) => e.existingId === k.id);
    if (existing) return this.touch(existing, alias);
    const rel = relation ?? k.relation;
    return this.add(
      {
        key: `k:${k.id}`,
        name: k.name,
        kind: k.kind,
        relation: rel,
        baseGravity: Math.max(k.gravity, gravityFor(k.kind, rel)),
        existingId: k.id,
        named: !isUnnamed(k),
      },
      alias,
    );
  }

  private byName(name: string): Ent | undefined {
    const n = name.toLowerCase();
    return [...this.ents.values()].find((e) => e.named && (e.name.toLowerCase() === n || e.aliases.has(n)));
  }

  private knownByName(name: string): KnownEntity | undefined {
    const n = name.toLowerCase();
    // The self entity is named only by its aliases (its name is the placeholder 'self').
    const self = this.known.find((k) => k.kind === 'self' && k.aliases.some((a) => a.toLowerCase() === n));
    return (
      self ??
      this.known.find((k) => k.kind !== 'self' && !isUnnamed(k) && (k.name.toLowerCase() === n || k.aliases.some((a) => a.toLowerCase() === n)))
    );
  }

  /** A proper name, with what the pattern says about it (kind, relation, the role word used). */
  named(name: string, kind: EntityKind, relation: Relation | null, opts: { alias?: string; ambiguous?: boolean } = {}): string {
    // A named speaker saying their own name ("Beatriz here"): the speaker, not someone new.
    const lower = name.toLowerCase();
    if (this.speaker && [this.speaker.name, ...(this.speaker.aliases ?? [])].some((n) => n.toLowerCase() === lower)) return this.speaker.key;
    const inMessage = this.byName(name);
    if (inMessage) {
      if (relation && !inMessage.relation) {
        inMessage.relation = relation;
        inMessage.baseGravity = Math.max(inMessage.baseGravity, gravityFor(inMessage.kind, relation));
      }
      if (inMessage.ambiguous && !opts.ambiguous) {
        inMessage.kind = kind;
        inMessage.ambiguous = false;
      }
      return this.touch(inMessage, opts.alias);
    }
    const k = this.knownByName(name);
    if (k) return this.fromKnown(k, opts.alias, relation ?? k.relation);
    // "my wife Sarah" names the wife met earlier in this message or known unnamed: rename, do not duplicate.
    const role = opts.alias ? ROLE_INFO.get(opts.alias) : undefined;
    if (role && !this.speakerIsOther) {
      const unnamedHere = pick(
        [...this.ents.values()].filter((e) => !e.named).map((e) => ({ ...e, names: [e.name, ...e.aliases], unnamed: true, ent: e })),
        role,
      );
      if (unnamedHere) {
        const e = unnamedHere.ent;
        e.aliases.add(e.name.toLowerCase());
        e.name = name;
        e.named = true;
        if (e.existingId) e.renames = true;
        return this.touch(e, opts.alias);
      }
      const unnamedKnown = pick(
        this.known.filter(isUnnamed).map((k2) => ({ ...k2, names: [k2.name, ...k2.aliases], unnamed: true, k: k2 })),
        role,
      );
      if (unnamedKnown) {
        const key = this.fromKnown(unnamedKnown.k, opts.alias, relation);
        const e = this.ents.get(key)!;
        e.aliases.add(unnamedKnown.k.name.toLowerCase());
        e.name = name;
        e.named = true;
        e.renames = true;
        return key;
      }
    }
    return this.add(
      {
        key: `${kind}:${slug(name)}`,
        name,
        kind,
        relation,
        baseGravity: gravityFor(kind, relation),
        named: true,
        ambiguous: Boolean(opts.ambiguous),
      },
      opts.alias,
    );
  }

  /** A role word without a name ("my spouse"): the fitting entity of this message, else of the person, else a new one. */
  role(word: string): string {
    const role = ROLE_INFO.get(word)!;
    if (this.speakerIsOther) {
      const name = `${this.speaker?.name ?? 'other speaker'}'s ${word}`;
      const n = name.toLowerCase();
      const here = [...this.ents.values()].find((e) => e.name.toLowerCase() === n);
      if (here) return this.touch(here);
      // A named participant's "my kids" is the same entity from message to message ("Beatriz's kids").
      const known = this.speaker ? this.known.find((k) => k.kind === role.kind && k.name.toLowerCase() === n) : undefined;
      if (known) {
        const key = this.fromKnown(known);
        this.ents.get(key)!.named = false; // a role phrase, not a proper name: no "(Beatriz's kids)" added after "my kids"
        return key;
      }
      return this.add({ key: `person:other-${slug(word)}`, name, kind: role.kind, relation: null, baseGravity: KIND_GRAVITY.person, named: false });
    }
    const here = pick(
      [...this.ents.values()].map((e) => ({ relation: e.relation, names: [e.name, ...e.aliases], unnamed: !e.named, ent: e })),
      role,
    );
    if (here) return this.touch(here.ent, word);
    const known = pick(
      this.known.filter((k) => k.kind !== 'self').map((k) => ({ relation: k.relation, names: [k.name, ...k.aliases], unnamed: isUnnamed(k), k })),
      role,
    );
    if (known) return this.fromKnown(known.k, word, known.k.relation ?? role.relation);
    return this.add(
      {
        key: `${role.relation}:${slug(role.group)}`,
        name: word,
        kind: role.kind,
        relation: role.relation,
        baseGravity: gravityFor(role.kind, role.relation),
        named: false,
      },
      word,
    );
  }

  /** A new one of a role ("we adopted a puppy"), to be named later in the message perhaps. */
  fresh(word: string): string {
    const role = ROLE_INFO.get(word)!;
    const relation = this.speakerIsOther ? null : role.relation;
    return this.add(
      {
        key: `${role.kind}:new-${slug(role.group)}`,
        name: word,
        kind: role.kind,
        relation,
        baseGravity: gravityFor(role.kind, relation),
        named: false,
      },
      word,
    );
  }

  /** "my ex-wife", "my ex": a person, no current relation; the one partner or spouse the person parted from, if known. */
  ex(word: string): string {
    const name = word === 'ex' ? 'ex' : `ex-${word}`;
    // "my ex" is either; "my ex-wife" a former spouse, "my ex-boyfriend" a former partner.
    const was = word === 'ex' ? (['partner', 'spouse'] as const) : [ROLE_INFO.get(word)?.relation ?? null];
    const parted = this.known.filter((k) => was.some((r) => relationClass(r) === 'couple' && k.relation === FORMER[r as 'partner' | 'spouse']));
    const known = this.known.find((k) => k.name.toLowerCase() === name || k.aliases.includes(name)) ?? (parted.length === 1 ? parted[0] : undefined);
    if (known) return this.fromKnown(known, name);
    const here = [...this.ents.values()].find((e) => e.name === name || e.aliases.has(name));
    if (here) return this.touch(here);
    return this.add({ key: `person:${slug(name)}`, name, kind: 'person', relation: null, baseGravity: KIND_GRAVITY.person, named: false }, name);
  }

  /** "my car", "our startup Foo". */
  thing(word: string, name: string | undefined): string {
    const t = THINGS[word]!;
    if (name) return this.named(name, t.kind, this.speakerIsOther ? null : t.relation, { alias: word });
    const n = word.toLowerCase();
    const here = [...this.ents.values()].find((e) => e.name.toLowerCase() === n || (e.kind === t.kind && e.aliases.has(n)));
    if (here) return this.touch(here);
    const known = this.known.find((k) => k.kind === t.kind && (k.name.toLowerCase() === n || k.aliases.some((a) => a.toLowerCase() === n)));
    if (known) return this.fromKnown(known, word);
    return this.add(
      {
        key: `${t.kind}:${slug(word)}`,
        name: word,
        kind: t.kind,
        relation: this.speakerIsOther ? null : t.relation,
        baseGravity: gravityFor(t.kind, t.relation),
        named: false,
      },
      word,
    );
  }

  known1(id: string): string {
    return this.fromKnown(this.knownById.get(id)!);
  }

  /** "we named her Biscuit", "my boss … His name is Raj": names the latest unnamed one of this message (latestUnnamedOne). */
  naming(name: string): string | null {
    // "His name is Mr Davies" names no baby or pet.
    const target = this.latestUnnamedOne(HONORIFICS.test(name.split(' ')[0]!));
    if (!target) return null;
    target.aliases.add(target.name.toLowerCase());
    target.name = name;
    target.named = true;
    if (target.existingId) target.renames = true;
    return this.touch(target);
  }

  /** "Yes, his name is Rufus" to "Do you have a dog?", "Her name is Ines" to "What's your sister's name?": the one asked about, named. */
  private namedAskedAbout(name: string): string | null {
    const a = this.askedAbout;
    if (!a) return null;
    return this.named(name, a.kind, this.speakerIsOther ? null : a.relation, a.word ? { alias: a.word } : {});
  }

  /** "We have two dogs. Their names are Biscuit and Pepper": one of the latest unnamed pets or children, named. */
  private member(name: string): string | null {
    const group = this.latestUnnamedPetOrChild();
    return group ? this.named(name, group.kind, group.relation) : null;
  }

  /**
   * The one pet, child or person of the speaker's by a role word mentioned last without a name ("a puppy", "my best
   * friend's wedding? Her name is Claire"), not a group.
   */
  private latestUnnamedOne(adult = false): Ent | undefined {
    return [...this.ents.values()]
      .reverse()
      .find(
        (e) =>
          !e.named &&
          !ROLE_INFO.get(e.name.toLowerCase())?.plural &&
          (adult
            ? e.kind === 'person' && e.relation !== null && e.relation !== 'child'
            : e.kind === 'pet' || (e.kind === 'person' && e.relation !== null)),
      );
  }

  /** The pet or child of this message mentioned last without a name ("a puppy", "our two dogs"). */
  private latestUnnamedPetOrChild(): Ent | undefined {
    return [...this.ents.values()].reverse().find((e) => !e.named && (e.kind === 'pet' || e.relation === 'child'));
  }

  /** "everyone calls her Pat": another name of the latest person named in this message. */
  nickname(name: string): string | null {
    const target = [...this.ents.values()].reverse().find((e) => e.named && e.kind === 'person' && e.key !== 'self');
    if (!target) return null;
    return this.touch(target, name.toLowerCase());
  }

  /** The entity a spec found in a sentence stands for, by what kind of mention it is. */
  resolve(s: Spec): string | null {
    switch (s.tag) {
      case 'known':
        return this.known1(s.knownId!);
      case 'role':
      case 'pet':
        // "my ex-wife Sarah", "my ex, Mark": the person by their name, with no current relation.
        if (s.ex && s.name) return this.named(s.name, 'person', null, { alias: s.role === 'ex' ? 'ex' : `ex-${s.role}` });
        if (s.ex) return this.ex(s.role!);
        if (s.name) {
          const role = ROLE_INFO.get(s.role!)!;
          return this.named(s.name, role.kind, this.speakerIsOther ? null : role.relation, { alias: s.role });
        }
        return s.fresh ? this.fresh(s.role!) : this.role(s.role!);
      case 'thing':
        return this.thing(s.role!, s.name);
      case 'nickname':
        return this.nickname(s.name!) ?? this.named(s.name!, 'person', null, { ambiguous: true });
      case 'naming':
        // A baby just born: someone new, of the relation its parent gives it.
        if (s.fresh) return this.named(s.name!, 'person', s.relation ?? null, s.role ? { alias: s.role } : {});
        return (
          (s.listed ? this.member(s.name!) : this.naming(s.name!)) ??
          this.namedAskedAbout(s.name!) ??
          this.named(s.name!, 'person', null, { ambiguous: true })
        );
      default:
        return this.named(s.name!, s.kind!, s.relation ?? null, { ambiguous: s.ambiguous });
    }
  }

  mention(key: string): EntityMention {
    const e = this.ents.get(key)!;
    const nudge = Math.min(MAX_REPEAT_NUDGE, REPEAT_NUDGE * Math.max(0, e.mentions - 1));
    const mention: EntityMention = {
      key: e.key,
      name: e.name,
      kind: e.kind,
      relation: e.relation,
      aliases: [...e.aliases].filter((a) => a !== e.name.toLowerCase()),
      gravity: Math.round(Math.min(1, e.baseGravity + nudge) * 1000) / 1000,
      ambiguous: e.ambiguous,
    };
    if (e.existingId) mention.existingId = e.existingId;
    if (e.renames) mention.renames = true;
    return mention;
  }
}
