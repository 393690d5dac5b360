// A state said to be over: "I'm not vegetarian anymore", "I no longer work at Tesco", "She isn't allergic to nuts
// any more", "I used to be a teacher". What the state was names the earlier facts that no longer stand as who the
// person is or what they must avoid (plan.ts), and a restriction ended is no constraint (signals.ts).
import { allMatches } from '../../text/matches.js';
import { MONTH } from './dates.js';

/** The state's words run to the end of the clause: a comma, a stop, "anymore", "now", a joining word or a time. */
const STATE_END = String.raw`(?=\s*(?:[,.;:!?()]|$)|\s+(?:any\s?more|now|these days|but|and|so|because|cause|since|after|when|though|although|as|for|before|until|till|last|this|(?:\w+ )?(?:years?|months?|weeks?) ago|in (?:${MONTH}|\d{4}|(?:the )?(?:spring|summer|autumn|fall|winter)))\b)`;
const STATE = String.raw`([^,.;:!?()]{1,60}?)`;
/** Verbs whose ending ends a state ("I no longer work at Tesco"), unlike "I can no longer run", which ends no fact. */
const STATE_VERB = String.raw`(?:works?|lives?|eats?|drinks?|smokes?|follows?|keeps?|practi[cs]es?|identify|identifies)\b`;
const BE = String.raw`(?:i'?m|i am|(?:he|she|it|that)'s|(?:we|they|you)'?re|is|are|am)`;
/** A state lived by a verb: "work at Tesco", "live in Leeds", "eat meat". */
const LIVED_STATE = String.raw`(${STATE_VERB}[^,.;:!?()]{0,60}?)`;

const ENDED = [
  // "I'm no longer vegan", "I no longer work at Tesco", "he's no longer with Sam".
  String.raw`\b${BE}\s+no longer\s+${STATE}${STATE_END}`,
  String.raw`\bno longer\s+${LIVED_STATE}${STATE_END}`,
  // "I'm not vegetarian anymore", "she isn't allergic to nuts any more".
  String.raw`\b(?:${BE}\s+not|isn'?t|aren'?t)\s+${STATE}\s+any\s?more\b`,
  // "I don't work there anymore", "he doesn't eat meat any more".
  String.raw`\b(?:don'?t|doesn'?t|do not|does not)\s+${LIVED_STATE}\s+any\s?more\b`,
  // "I stopped being vegan", "I gave up being a vegetarian", "I used to be a teacher", "I used to live in Leeds".
  String.raw`\b(?:stopped|quit|gave up|given up)\s+being\s+${STATE}${STATE_END}`,
  String.raw`\bused to (?:be\s+${STATE}|${LIVED_STATE})${STATE_END}`,
].map((src) => new RegExp(src, 'gi'));

/** Eating, drinking or smoking: to end it begins a restriction ("I don't eat meat anymore"), it ends none. */
const CONSUMING = /^(?:eats?|drinks?|smokes?)\b/i;

export interface EndedState {
  /** The whole phrase that says it is over. */
  phrase: string;
  /** What the state was: "vegetarian", "work at Tesco", "allergic to nuts". */
  state: string;
}

/** The text with straight apostrophes, as the patterns here are written. */
const straight = (text: string) => text.replace(/’/g, "'");

/** The states a statement says are over, in the order said. */
export function endedStates(text: string): EndedState[] {
  const plain = straight(text);
  return ENDED.flatMap((re) => allMatches(re, plain).map((m) => ({ phrase: m[0], state: (m[1] ?? m[2]!).trim(), at: m.index })))
    .sort((a, b) => a.at - b.at)
    .map(({ phrase, state }) => ({ phrase, state }));
}

/** What a state was, and how the facts that stated it said it: "I'm vegetarian" (+), "I don't eat meat" (-). */
export interface EndedStateName {
  name: string;
  said: '+' | '-';
}

/**
 * What each ended state was, less the verb it was lived by ("work at Tesco" → "at Tesco") and a place only pointed at
 * ("work there" → ""): the words earlier facts about it hold, said positively. Not what one ate, drank or smoked:
 * to end that begins a restriction, it ends no fact that stood. A food eaten again ends the diets without it and the
 * abstaining from it ("I'm eating meat again" after "I'm vegetarian" or "I don't eat meat").
 */
export function endedStateNames(text: string): EndedStateName[] {
  const without = dietsEndedBy(text);
  const names: EndedStateName[] = [
    ...endedStates(text)
      .filter((e) => !CONSUMING.test(e.state))
      .map((e) => ({ name: e.state.replace(LIVED_BY, '').replace(POINTED_AT, ' ').trim(), said: '+' as const }))
      .filter((e) => e.name),
    ...(without?.diets ?? []).map((name) => ({ name, said: '+' as const })),
    ...(without?.abstaining ?? []).map((name) => ({ name, said: '-' as const })),
  ];
  return names.filter((e, i) => names.findIndex((o) => o.name === e.name && o.said === e.said) === i);
}
/** The diets, and the words of abstaining, that a food eaten or drunk again ends ("I'm drinking again" drinks alcohol). */
function dietsEndedBy(text: string): { diets: string[]; abstaining: string[] } | undefined {
  const again = straight(text).match(EATING_AGAIN);
  const resumed = (again?.[2] ?? (again && /^drink/i.test(again[1]!) ? 'alcohol' : undefined))?.toLowerCase();
  return resumed ? Object.entries(DIETS_WITHOUT).find(([food]) => food.split('|').includes(resumed))?.[1] : undefined;
}
/** "I've started eating meat again", "I'm drinking again": what one eats or drinks again ends the diets without it. */
const EATING_AGAIN =
  /\b(eating|eat|eats|having|have|drinking|drink|drinks|back on(?: the)?)\s+(meat|fish|chicken|dairy|cheese|bread|gluten|alcohol|booze|wine|beer)?\s*again\b/i;
/** Foods eaten or drunk again, the diets they end, and the words of abstaining from them ("I don't drink anymore"). */
const DIETS_WITHOUT: Record<string, { diets: string[]; abstaining: string[] }> = {
  'meat|chicken': { diets: ['vegetarian', 'vegan', 'pescatarian'], abstaining: ['meat'] },
  fish: { diets: ['vegetarian', 'vegan'], abstaining: ['fish'] },
  'dairy|cheese': { diets: ['vegan', 'dairy free'], abstaining: ['dairy'] },
  'bread|gluten': { diets: ['gluten free'], abstaining: ['gluten'] },
  'alcohol|booze|wine|beer': { diets: ['sober'], abstaining: ['drink', 'drinking', 'alcohol'] },
};
const LIVED_BY = new RegExp(String.raw`^${STATE_VERB}\s*`, 'i');
const POINTED_AT = /\b(?:there|here|it|that|this)\b/gi;

/**
 * A couple said to have parted: "Jack and I broke up", "we've separated", "he dumped me", "the divorce came
 * through". Not one ahead, wondered about or denied ("we're thinking of splitting up", "we didn't break up"), nor a
 * bill split.
 */
export function saysCoupleParted(text: string): boolean {
  const plain = straight(text);
  const m = plain.match(PARTED);
  return m !== null && !NOT_PARTED.test(plain.slice(0, m.index));
}
const PARTED =
  /\b(?:broke up|(?:have|'ve|has|'s|had|just|finally)\s+(?:\w+\s+)?(?:split up|separated)|we\s+split(?:\s+up)?\b(?!\s+(?:the|it|a|an|our|costs?|bills?|everything))|(?:got|are|'re|am|'m|is|'s)\s+(?:now\s+)?divorced|divorce (?:is|was|came|went|has (?:come|gone)) (?:final|through)|dumped me|(?:ended|called off) (?:things|it|the engagement)|(?:i'm|i am) single (?:again|now))\b/i;
/** The clause before it wonders, denies or puts it ahead. */
const NOT_PARTED = /\b(?:not|n't|never|nearly|almost|might|may|could|would|going to|gonna|about to|thinking|considering|if|whether)\b[^.,;!?]*$/i;

/** The statement less the restrictions it says are over ("I'm no longer allergic to cats"), for telling its constraints. */
export function withoutEndedRestrictions(text: string): string {
  const rest = endedStates(text)
    .filter((e) => !CONSUMING.test(e.state))
    .reduce((kept, e) => kept.replace(e.phrase, ' '), straight(text));
  // "I've been vegetarian for 15 years but I've started eating fish again": the diets without it are over.
  const ended = dietsEndedBy(rest)?.diets;
  return ended ? rest.replace(new RegExp(String.raw`\b(?:${ended.join('|')})\b`, 'gi'), ' ') : rest;
}
