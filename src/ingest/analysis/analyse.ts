// Offline analysis of one scrubbed message: which sentences state something worth remembering, which entities
// they speak of (tier 1 alias matching against the person's known entities, tier 2 patterns and lexicon names,
// tier 3 capitalised words of unknown kind, flagged `ambiguous` for an optional model), and a fact per sentence
// with a third-person summary, a topic, a domain, categories, a resolved date and an interest when one is stated.
// Pure and deterministic: no graph, no network, no clock (time comes in as ctx.eventTime).
//
// This module runs the passes; the parts live beside it: sentences.ts (splitting, what to keep), lexicon.ts
// (word tables, gravity), mentions.ts, patterns.ts and names.ts (the three tiers of entity mentions),
// vocatives.ts (names of address taken out), registry.ts (resolving them to entities), facts.ts with rewrite.ts
// and topics.ts (one fact per sentence).
//
// Speaker names (ctx.speakerName, for conversations between people such as LoCoMo's): summaries name the speaker
// plainly, for either speaker ("Farid went to a choir rehearsal", never "Farid (the user) …": the name alone
// reads well and is what questions use). Speaker 'user': the self entity gets the name as an alias, so questions
// and other people's messages naming the person resolve to it. Speaker 'other': the subject entity is a person of
// that name, the known one when it exists (by name, case-insensitive, a person, or a concept-kind guess from an
// earlier mention, which the write path then makes a person), so a participant is one entity across messages.
import { correctionOf } from './corrections.js';
import { introducedName, isWorthKeeping, mineOf, ownHeadingOf, scanOf, sentencesOf, soughtFor, splitSentences, statementOf } from './sentences.js';
import {
  groupUnits,
  isCarryingOn,
  isContentFree,
  isEmptyEagerness,
  isSubstantive,
  leansBack,
  questionOf,
  peopleIn,
  referentAmong,
  type Referent,
  resolveClausePronoun,
  resolveLeadingPossessive,
  resolveLeadingPronoun,
  resolveLeadingWe,
  resolveObjectPronouns,
  resolveLeadingThey,
  groupSpokenOf,
  withAllergen,
  withPlaceForHere,
  type Candidate,
} from './units.js';
import { sharesMedia, withCaptions } from './media.js';
import { isCasual, namesWritten, withWritingRestored } from './casing.js';
import { withoutAddress } from './vocatives.js';
import { allMatches } from '../../text/matches.js';
import { selectSpecs, type Spec } from './mentions.js';
import { patternSpecs } from './patterns.js';
import { knownIndex, knownSpecs, mayBeNamedIn, nameSpecs } from './names.js';
import { Registry, type AskedAbout, type NamedSpeaker } from './registry.js';
import { IT_AFTER_LIKING, LIKE_TITLE, ROLE_ALT, ROLE_INFO, WORD_END } from './lexicon.js';
import { factOf, type KeptSentence } from './facts.js';
import { framedAnswer, isAboutMeHeading, placeLivedIn, profileOf } from './answerFrames.js';
import { tenseAsked } from './dates.js';
import { candidatesIn, referentInConversation, type Mentioned } from './discourse.js';
import type { Analysis, AnalysisContext, EarlierTurn, EntityMention, FactCandidate, KnownEntity } from './types.js';

export { gravityFor, KIND_GRAVITY, RELATION_GRAVITY } from './lexicon.js';
export { splitSentences } from './sentences.js';

/**
 * "Don't remember this, but …", "Off the record, …", "Can you not save this?", "Forget what I said about my ex": the
 * person asks that the message be kept out of their memory, so it makes none (the controls delete what is already kept).
 */
const NOT_TO_BE_KEPT =
  /(?:^|[.!?,;:]\s*|\b(?:but|and|so|ok|okay|oh)\s+)(?:please\s+|just\s+)?(?:(?:don't|do\s+not|dont)\s+(?:remember|save|store|keep|record|memori[sz]e|note)\s+(?:this|that|it)\b|forget\s+(?:what|everything|all)\s+i\s+(?:just\s+)?(?:said|told\s+you|mentioned|wrote)\b|forget\s+(?:i\s+)?(?:said|mentioned)\s+(?:this|that|it)\b)|\b(?:can|could|would)\s+you\s+(?:please\s+)?not\s+(?:remember|save|store|keep|record|note)\b|\byou\s+(?:don't|do\s+not)\s+need\s+to\s+remember\b|\bno\s+need\s+to\s+remember\b|\boff\s+the\s+record\b/i;

export function analyseMessage(typed: string, typedCtx: AnalysisContext): Analysis {
  if (typedCtx.speaker === 'assistant' || typeof typed !== 'string' || !typed.trim()) return { entities: [], facts: [] };
  if (NOT_TO_BE_KEPT.test(typed.replace(/’/g, "'"))) return { entities: [], facts: [], keptOut: true };
  const { text, ctx } = restoredWriting(typed, typedCtx);
  const speakerIsOther = ctx.speaker === 'other';
  const selfKey = speakerIsOther ? 'other_speaker' : 'self';
  const speakerName = speakerNameOf(ctx.speakerName);
  const who = speakerName ?? (speakerIsOther ? 'the other speaker' : 'the user');
  const known = Array.isArray(ctx.known) ? ctx.known : [];
  const index = knownIndex(known);
  // The message before, when someone else said it: what it asked, who said it and what it showed bear on this one.
  const theirs = ctx.previous && isOtherParty(ctx, ctx.previous) ? ctx.previous : undefined;
  const question = theirs ? questionOf(theirs.text, splitSentences) : undefined;
  // The tense their last question asked in ("When is it?"): dates the answer names without one of their own.
  const asked = theirs ? tenseAsked(theirs.text) : null;
  // "My name is Samantha", "call me Sam", "Sam." to "What's your name?": names of the speaker, not of someone new.
  const framedFirst = question ? framedAnswer(question, splitSentences(text)[0] ?? '') : null;
  // "Denver." to "Where do you live?": where "here" is in the sentences after it.
  const homeAnswered = placeLivedIn(framedFirst);
  const ownNames = namesGivenToSelf(framedFirst ? `${framedFirst} ${text}` : text);
  const name = speakerName ?? ownNames[0];
  const speaker: NamedSpeaker | undefined = name ? { key: selfKey, name, aliases: ownNames } : undefined;
  const registry = new Registry(known, speakerIsOther, speaker, question ? askedAbout(question) : undefined);

  // Pass 1: which sentences state something, and the mentions in each; then which of them make one memory.
  const { text: withNotes, captions } = withCaptions(text);
  const cands: Candidate[] = [];
  let before: Spec[] | undefined;
  /** Whether `before` is a question's or a request's (whose "her" is as often someone else). */
  let beforeAsked = false;
  /** The words of the sentence `before` holds the mentions of. */
  let beforeText = '';
  // An answer's opening word is the answer ("Margherita, obviously!") unless it names the one who asked.
  const asker = { name: speakerNameOf(ctx.previous?.speakerName) };
  // Whom "you" means: the other party of the message before, when named and not the speaker.
  const listener = theirs && asker.name?.toLowerCase() !== speakerName?.toLowerCase() ? asker.name : undefined;
  // What is said of "the" thing right after the other party showed something is about what they showed.
  const afterTheirPhoto = Boolean(theirs && sharesMedia(theirs.text));
  // The one group of the speaker's people the other party spoke of ("Your kids look so relaxed!"), unless they
  // asked about something else ("What's their name?"), which an opening "they" may answer instead.
  const spokenOf = theirs && groupSpokenOf(theirs.text);
  const theirGroup = spokenOf && (!question || groupSpokenOf(question) === spokenOf) ? spokenOf : undefined;
  const mentionsIn = (scan: string) => {
    const found = [...patternSpecs(scan, speakerIsOther), ...(speakerIsOther ? [] : knownSpecs(scan, index))];
    return selectSpecs([...found, ...nameSpecs(scan, scan.search(/\S/), found)]);
  };
  // Whom "she" or "him" means before the message names anyone: the one person the last messages named.
  const turnsBefore = turnsBeforeOf(ctx);
  const ownEarlier = turnsBefore.filter((t) => !isOtherParty(ctx, t));
  const corrections: NonNullable<Analysis['corrections']> = [];
  const participants = new Set(
    [ctx.speakerName, ...turnsBefore.map((t) => t.speakerName)].flatMap((n) => {
      const full = speakerNameOf(n)?.toLowerCase();
      return full ? [full, full.split(' ')[0]!] : [];
    }),
  );
  const isParticipant = (call: string) => participants.has(call.toLowerCase());
  const inConversation = referentInConversation(
    turnsBefore.map((t) => ({ text: t.text, sameSpeaker: !isOtherParty(ctx, t) })),
    mentionsIn,
    known,
    isParticipant,
  );
  /** Whom this message has named so far that a pronoun could mean: then the conversation before does not say whom. */
  const mentioned: Mentioned[] = [];
  const mention = (specs: Spec[], scan: string) => mentioned.push(...candidatesIn(specs, scan, known, isParticipant));
  let previous: string | undefined;
  /** The sentence before when it kept nothing (a question, a request), as said and without its address. */
  let unkept: { sentence: string; addressed: string } | undefined;
  /** Whether the lines now are the items of a list about the speaker ("A bit about me:"). */
  let aboutMe = false;
  const lines = [...sentencesOf(withNotes)];
  for (const [i, line] of lines.entries()) {
    // "Can you remember that my wifi password is in the drawer? jk", "I'm a vegetarian. Just kidding, I love steak.":
    // what is taken back says nothing, nor does the taking back.
    const sentence = line.sentence.replace(KIDDING, '');
    const { opensItem } = line;
    if (!sentence.trim() || TAKEN_BACK.test(sentence) || (lines[i + 1] && KIDDING.test(lines[i + 1]!.sentence))) continue;
    // Names of address ("Thanks, Kofi!") are no mentions; a sentence that was only an address and courtesy goes.
    const addressedAsSaid = withoutAddress(sentence, question && cands.length === 0 ? asker : undefined, listener);
    // "What's a good stretch for sciatica? Mine's been flaring up": the speaker's sciatica.
    const addressed = (unkept && addressedAsSaid && mineOf(unkept.addressed, addressedAsSaid)) || addressedAsSaid;
    // "How old are you?" "34": the answer in its question's frame, "I'm 34".
    const framed = question && cands.length === 0 && addressed ? framedAnswer(question, addressed) : null;
    // "Job: nurse": a heading of the speaker's own, read once, which also makes the sentence stand alone.
    // "A bit about me:" then "- 34", "- she/her": each item of the list as the speaker would have said it.
    const profiled = !framed && aboutMe && opensItem && addressed ? profileOf(addressed) : null;
    aboutMe = (aboutMe && opensItem) || Boolean(addressed && isAboutMeHeading(addressed));
    const headed = !framed && !profiled && addressed ? ownHeadingOf(addressed) : null;
    // "What's a good gift for …? It's for my nephew Oscar.": what was asked for, and for whom.
    const sought = !framed && !headed && unkept && addressed ? soughtFor(unkept.addressed, addressed) : null;
    // "Sorry, it's Thursday not Tuesday": what the speaker said before, put right.
    const corrected = !framed && !headed && !sought && addressed ? correctionOf(addressed, ownEarlier) : null;
    if (corrected?.turn.messageId) corrections.push({ messageId: corrected.turn.messageId, wrong: corrected.wrong, right: corrected.right });
    const statedAlone =
      framed ?? profiled ?? headed ?? sought ?? (corrected && statementOf(corrected.sentence)) ?? (addressed && statementOf(addressed));
    const stated = statedAlone && withPlaceForHere(withAllergen(statedAlone, previous), framed ? undefined : homeAnswered);
    previous = addressed || previous;
    // "They're a great comfort" opening the answer to "… your kids …": "They (my kids) are a great comfort".
    const said = stated && cands.length === 0 ? (resolveLeadingThey(stated, theirGroup) ?? stated) : stated;
    const unkeptBefore = unkept;
    unkept = undefined;
    if (!said) {
      // "What's a good gift for my husband? He's into woodworking": whom a question names, "he" may mean next.
      if (addressed) {
        unkept = { sentence: sentence.trim(), addressed };
        const scan = scanOf(addressed);
        before = mentionsIn(scan);
        beforeAsked = true;
        mention(before, scan);
      }
      continue;
    }
    if (isContentFree(said)) continue;
    // "She's vegetarian" after "my sister Ananya …": "Ananya is vegetarian", and "I'll miss her" "I'll miss Ananya",
    // when only she can be meant.
    // The person the sentence before named; else, when no one this message names (this sentence included: "I
    // painted Pudding from the photo of him") could be meant, the one the last messages named.
    // A question keeps nothing, so "he" after "… for my nephew Oscar?" keeps whose Oscar is.
    const named = before && referentAmong(peopleIn(before, known, { withRole: beforeAsked }), said, beforeText);
    const upToPronoun = scanOf(said).slice(0, Math.max(0, said.search(THIRD_PERSON)));
    const here = upToPronoun.trim() ? candidatesIn(mentionsIn(upToPronoun), upToPronoun, known, isParticipant) : [];
    const referent: Referent = (gender) =>
      named?.(gender) ?? ([...mentioned, ...here].some((c) => c.gender === gender || c.gender === null) ? null : inConversation(gender));
    const ownerNamed = cands.length === 0 ? resolveLeadingPossessive(said, referent) : null;
    const subjectNamed =
      resolveLeadingPronoun(said, referent) ?? ownerNamed ?? (beforeAsked ? null : resolveLeadingWe(said, before, beforeText, known)) ?? said;
    // A later clause's "he" only when this sentence names no one it could mean.
    const clauseNamed = (!here.length && subjectNamed === said && resolveClausePronoun(said, referent)) || subjectNamed;
    const objectNamed = (!beforeAsked && resolveObjectPronouns(clauseNamed, referent)) || clauseNamed;
    // "Can you recommend books like Project Hail Mary? I loved it.": "it" is the one title the question named, or the
    // one it asked for more like ("a book like The Secret History").
    const thingAsked =
      beforeAsked && before?.length === 1 && before[0]!.tag === 'name' && before[0]!.kind !== 'person'
        ? before[0]!.name
        : unkeptBefore?.addressed.match(LIKE_TITLE)?.[1];
    const statement = thingAsked ? objectNamed.replace(IT_AFTER_LIKING, `$1 ${thingAsked}`) : objectNamed;
    const scan = scanOf(statement);
    const specs = mentionsIn(scan);
    mention(specs, scan);
    // After a kept sentence, "the drains" are most likely that sentence's: it joins it as a leaning sentence would.
    const thingMayBeTheirs = !afterTheirPhoto && !cands.some((c) => c.kept);
    // A pronoun that now names someone makes no memory of what said nothing beside it ("She is." is not "Zara is.").
    const keeps = (s: string, sc: string) => isWorthKeeping(s, sc, specs.length, { thingMayBeTheirs });
    // … unless it is something of theirs ("His GP has added a calcium tablet").
    const kept = keeps(statement, scan) && (statement === said || ownerNamed !== null || keeps(said, scanOf(said))) && !isEmptyEagerness(statement);
    const caption = captions.has(sentence.trim());
    cands.push({
      text: sought && unkeptBefore ? `${unkeptBefore.sentence} ${sentence.trim()}` : sentence.trim(),
      statement,
      scan,
      specs,
      kept,
      caption,
      leansBack: leansBack(scan),
      substantive: isSubstantive(statement),
      sentences: 1,
      ...(framed ? { framed: true } : {}),
      ...(opensItem || headed ? { item: true } : {}),
    });
    before = specs;
    beforeText = scan;
    beforeAsked = false;
  }
  // "I'm gonna keep trying." says nothing on its own; it stays only when the next sentence goes on about it.
  const goesOnAboutIt = (next: Candidate | undefined) => Boolean(next && !next.kept && next.substantive);
  const said = cands.filter((c, i) => !isCarryingOn(c.statement) || goesOnAboutIt(cands[i + 1]));
  const work: KeptSentence[] = groupUnits(said, question, { afterTheirPhoto }).map((u) => ({
    text: u.text,
    statement: u.statement,
    scan: u.scan,
    specs: u.specs,
    accepted: [],
    asked: u.asked,
    framedBy: u.framedBy,
  }));

  // Pass 2: resolve named mentions first, so "my wife" later in the message finds "my wife Sarah".
  const isNamedFirst = (s: Spec) => s.tag !== 'naming' && (s.tag === 'known' || Boolean(s.name)) && !s.ambiguous;
  for (const w of work) for (const s of w.specs) if (isNamedFirst(s)) w.accepted.push({ ...s, key: registry.resolve(s)! });
  for (const w of work) {
    for (const s of w.specs) {
      if (isNamedFirst(s)) continue;
      const key = registry.resolve(s);
      if (key) w.accepted.push({ ...s, key });
    }
    w.accepted.sort((a, b) => a.start - b.start);
  }

  // Pass 3: one fact per kept sentence.
  const facts: FactCandidate[] = [];
  const used = new Set<string>();
  for (const w of work) {
    const fact = factOf(w, registry, selfKey, who, ctx.eventTime, { listener, tenseAsked: asked });
    // An interest belongs to whoever holds it: the person or pet named as liking it ("Tom loves spicy food" is
    // Tom's, never the user's, see facts.ts), else whoever said it (another speaker's is theirs, not the user's).
    if (fact.interest && !fact.interest.holderKey) {
      if (speakerIsOther) fact.interest.holderKey = selfKey;
      if (speakerName) fact.interest.holderName = speakerName;
      used.add(selfKey);
    }
    facts.push(fact);
    used.add(fact.subjectKey);
    fact.mentionKeys.forEach((k) => used.add(k));
  }

  const entities: EntityMention[] = [];
  // A named user's self entity always comes along, so the name becomes its alias even from a message without facts.
  if (used.has(selfKey) || ownNames.length || (speakerName && !speakerIsOther)) entities.push(selfMention(selfKey, known, speakerName, ownNames));
  // Another participant may name the person ("Thanks, Beatriz!"): the person's own self entity.
  if (speakerIsOther && used.has('self')) entities.push(selfMention('self', known, undefined, []));
  for (const key of registry.ents.keys()) if (used.has(key)) entities.push(registry.mention(key));
  // A home said now or an employer joined; not one left ("used to live in"), nor a relation a known place or
  // employer named again had already.
  const heldNow = speakerIsOther
    ? []
    : work.flatMap((w) =>
        w.accepted.flatMap((a): NonNullable<Analysis['heldNow']> => {
          if (a.left) return [{ key: a.key, relation: 'employer', left: true }];
          if (a.notHeld) return [];
          if ((a.tag === 'home' || a.tag === 'move') && a.relation === 'home') return [{ key: a.key, relation: 'home' }];
          return a.tag === 'employer' && a.relation === 'employer' && a.joined ? [{ key: a.key, relation: 'employer' }] : [];
        }),
      );
  return { entities, facts, ...(corrections.length ? { corrections } : {}), ...(heldNow.length ? { heldNow } : {}) };
}

/** "jk", "just kidding", "lol jk": what was just said is taken back. */
const KIDDING_WORDS = String.raw`(?:(?:lol|haha)\s+)?(?:jk|j\/k|just\s+kidding|only\s+kidding|kidding)`;
/** "jk", "Just kidding, …" opening a sentence: the sentence before is taken back ("Kidding aside" takes nothing back). */
const KIDDING = new RegExp(String.raw`^\s*${KIDDING_WORDS}\b(?!\s+aside)[\s,.!😂🤣😜😉-]*`, 'iu');
/** "I'm moving to Mars jk": a sentence that takes itself back at its end. */
const TAKEN_BACK = new RegExp(String.raw`[\s,]+${KIDDING_WORDS}[\s.!😂🤣😜😉]*$`, 'iu');

/** A pronoun for someone, which the people named before may resolve. */
const THIRD_PERSON = /\b(?:she|he|her|him)\b/i;

/** "Do you have a dog?", "Any kids?", "What's your sister's name?": whom a question asks about, whom "her name is …" then names. */
const ASKS_ABOUT = new RegExp(String.raw`\b(?:(pets?|animals?)|(${ROLE_ALT}))${WORD_END}`, 'i');
function askedAbout(question: string): AskedAbout | undefined {
  const m = question.match(ASKS_ABOUT);
  if (!m) return undefined;
  if (m[1]) return { kind: 'pet', relation: 'pet' };
  const word = m[2]!.toLowerCase().replace(/\s+/g, ' ');
  const role = ROLE_INFO.get(word)!;
  return { kind: role.kind, relation: role.relation, ...(role.plural ? {} : { word }) };
}

/** The message before was someone else's: another speaker, the assistant, or the same side under another name. */
function isOtherParty(ctx: AnalysisContext, prev: EarlierTurn): boolean {
  if (prev.speaker !== ctx.speaker) return true;
  const a = speakerNameOf(prev.speakerName)?.toLowerCase();
  const b = speakerNameOf(ctx.speakerName)?.toLowerCase();
  return Boolean(a && b && a !== b);
}

/** A usable speaker name: trimmed, control characters out, at most 100 characters; undefined when nothing is left. */
function speakerNameOf(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return /\p{L}/u.test(name) ? name : undefined;
}

/** The speaker's own entity; `ownNames` are the names they gave themself in the message ("call me Sam"). */
function selfMention(selfKey: string, known: KnownEntity[], speakerName: string | undefined, ownNames: string[]): EntityMention {
  const lower = (names: Array<string | undefined>) => [...new Set(names.filter((n): n is string => !!n).map((n) => n.toLowerCase()))];
  if (selfKey === 'other_speaker') {
    const name = speakerName ?? ownNames[0];
    const m: EntityMention = {
      key: selfKey,
      name: name ?? 'other speaker',
      kind: 'person',
      relation: null,
      aliases: lower(ownNames).filter((a) => a !== name?.toLowerCase()),
      gravity: 0.5,
      ambiguous: false,
    };
    if (name) {
      const n = name.toLowerCase();
      const same = (k: KnownEntity) => k.name.toLowerCase() === n;
      // An earlier mention may have been filed as a concept (an unknown capitalised name): still this person.
      const k = known.find((e) => e.kind === 'person' && same(e)) ?? known.find((e) => e.kind === 'concept' && same(e));
      if (k) m.existingId = k.id;
    }
    return m;
  }
  const k = known.find((e) => e.kind === 'self');
  const held = new Set(k?.aliases.map((a) => a.toLowerCase()));
  const aliases = lower([speakerName, ...ownNames]).filter((a) => !held.has(a));
  const m: EntityMention = { key: 'self', name: k?.name ?? 'self', kind: 'self', relation: null, aliases, gravity: 1, ambiguous: false };
  if (k) m.existingId = k.id;
  return m;
}

/**
 * Where the speaker gives themself a name: "my name is …", "call me …", "I go by …", and the name they would rather
 * not be called by with the one that is theirs ("I hate being called Kate, it's Katherine").
 */
const GIVES_NAME =
  /\b(?:my name(?:'s|’s| is|:)|(?<=^\s*|\n\s*)(?:full )?name:|(?:you can |please |just |everyone |people |friends |most people |they )?calls? me|i go by|i'm called|i’m called|i am called|(?<=\bi(?:['’]d|['’]m)?\s+(?:[\w'’]+\s+){0,3})(?:being|be) called|(?<=\b(?:i(?:['’]d|['’]m)?\s+(?:[\w'’]+\s+){0,3}(?:being|be)\s+called|call\s+me)\s+[\p{L}'’-]+\s*[,;]\s*)it(?:'s|’s| is)(?:\s+actually)?)\s+((?:(?:dr|mr|mrs|ms|prof)(?:\.\s*|[ \t]+))?[\p{L}'’-]+)(?:[ \t]+([\p{L}'’-]+))?/giu;
/** The other name the speaker allows in the same breath: "Call me Dr Patel at work, but Priya is fine here". */
const ALSO_FINE = /\bcall me\b[^.!?\n]*?\b(\p{Lu}[\p{L}'’-]+)\s+(?:is|['’]s)\s+(?:fine|ok|okay|good)\b/giu;
const isCapitalised = (w: string | undefined) => Boolean(w && /^\p{Lu}/u.test(w));

/** The capitalised names a speaker gives themself ("call me Sam", "my name is Ana Lima", "Name: Ana"), never "call me later". */
function namesGivenToSelf(text: string): string[] {
  const names = allMatches(GIVES_NAME, text)
    .filter((m) => isCapitalised(m[1]))
    .map((m) => (isCapitalised(m[2]) ? `${m[1]} ${m[2]}` : m[1]!));
  const introduced = splitSentences(text).flatMap((s) => introducedName(s) ?? []);
  const allowed = allMatches(ALSO_FINE, text).map((m) => m[1]!);
  return [...new Set([...names, ...introduced, ...allowed])];
}

/** The messages before this one, nearest first, those with words only. */
const turnsBeforeOf = (ctx: AnalysisContext): EarlierTurn[] =>
  [ctx.previous, ...(Array.isArray(ctx.earlier) ? ctx.earlier : [])].filter((t): t is EarlierTurn => typeof t?.text === 'string');

/** The message and the turns before it with their writing restored (casing.ts), against the names known or written before. */
function restoredWriting(typed: string, ctx: AnalysisContext): { text: string; ctx: AnalysisContext } {
  const before = turnsBeforeOf(ctx);
  const known = Array.isArray(ctx.known) ? ctx.known : [];
  // Names are restored in casual texts only: most conversations need none.
  const texts = [...before.map((t) => t.text), typed];
  const names = texts.some(isCasual) ? [...known.flatMap((k) => [k.name, ...(k.aliases ?? [])]), ...namesWritten(before.map((t) => t.text))] : [];
  const restored = (t: EarlierTurn): EarlierTurn => ({ ...t, text: withWritingRestored(t.text, names, { tagNames: false }) });
  return {
    text: withWritingRestored(typed, names),
    ctx: {
      ...ctx,
      ...(ctx.previous && typeof ctx.previous.text === 'string' ? { previous: restored(ctx.previous) } : {}),
      ...(Array.isArray(ctx.earlier) ? { earlier: ctx.earlier.filter((t) => typeof t?.text === 'string').map(restored) } : {}),
    },
  };
}

/**
 * "your partner", "the user's dog", and "her partner" in a question that names no one before it: the person's own, as
 * an assistant or an agent asks about them ("What does the user's partner do?"), said as the person would ("my partner").
 */
const THEIR_OWN = new RegExp(
  String.raw`\b(?:the\s+user['’]s|user['’]s|your|(her|his|their))\s+(?=(?:[\p{L}-]+\s+)?(?:${ROLE_ALT})${WORD_END})`,
  'giu',
);
/** A capitalised word after a sentence's first: someone named, whose "her" a question may mean. */
const NAMED_BEFORE = /\s\p{Lu}\p{Ll}/u;
const asTheirOwn = (sentence: string) =>
  sentence.replace(THEIR_OWN, (all: string, pronoun: string | undefined, at: number) =>
    pronoun && NAMED_BEFORE.test(sentence.slice(0, at)) ? all : 'my ',
  );

/**
 * The person's known entities a text refers to, by name, alias or role word ("my husband" finds Tom), whether or
 * not the text states anything: retrieval asks this of questions.
 */
export function knownEntitiesIn(text: string, known: KnownEntity[]): string[] {
  if (typeof text !== 'string' || !text.trim() || known.length === 0) return [];
  const index = knownIndex(mayBeNamedIn(text, known));
  const registry = new Registry(known, false);
  for (const sentence of splitSentences(text)) {
    const scan = scanOf(asTheirOwn(sentence));
    for (const spec of selectSpecs([...patternSpecs(scan, false), ...knownSpecs(scan, index)])) registry.resolve(spec);
  }
  const ids = [...registry.ents.values()].map((e) => e.existingId);
  // The person named by one of their own names ("When did Beatriz …?"): their self entity.
  if (registry.selfReferred) ids.push(known.find((k) => k.kind === 'self')?.id);
  return [...new Set(ids.filter((id): id is string => !!id))];
}
