// Broader terms of a text (a thesaurus's "BT"): the WordNet synonyms and hypernyms of its nouns, a few levels up,
// so that a memory saying "Portugal" is also found by a question about "European countries", "taekwondo" by
// "martial arts", "swimming" by "sports". Written beside a memory at write time and searched with a lower weight
// than its own words (the local embedder hashes words and cannot make these links). Offline and deterministic.
import { allMatches } from '../text/matches.js';
import { STOP_WORDS } from '../text/stopWords.js';
import { LEX_NOUN_LOCATION, wordNetNouns, type WordNetNouns } from './wordnet.js';

export interface BroaderOptions {
  /** Senses of each noun followed, most frequent first. */
  senses?: number;
  /** Hypernym levels climbed from each sense. */
  depth?: number;
  /** At most this many distinct words returned. */
  max?: number;
}

/** How much a match on a broader word counts beside a match on the memory's own words. */
export const BROADER_WEIGHT = 0.5;

const DEFAULTS: Required<BroaderOptions> = { senses: 2, depth: 4, max: 60 };

/** The top of WordNet's noun hierarchy: true of nearly everything, so they tell nothing apart. */
const TOO_GENERAL = new Set(
  (
    'entity physical_entity abstraction abstract_entity object physical_object whole unit thing act deed human_action ' +
    'human_activity event psychological_feature group grouping matter attribute relation communication measure ' +
    'quantity amount state cognition content cognitive_content mental_object causal_agent cause causal_agency ' +
    'living_thing animate_thing organism being artifact artefact instrumentality instrumentation location part ' +
    'portion component_part component constituent'
  ).split(' '),
);

/** Plural endings WordNet's morphology strips from nouns, and the commonest irregular plurals. */
const DETACH: Array<[string, string]> = [
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
  ['s', ''],
];
const IRREGULAR: Record<string, string> = {
  children: 'child',
  people: 'person',
  women: 'woman',
  men: 'man',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  wives: 'wife',
  knives: 'knife',
  lives: 'life',
};

const WORD = /[\p{L}][\p{L}'-]*/gu;
const MIN_LENGTH = 3;

interface Token {
  word: string;
  /** Capitalised: a name ("Lisbon", "John"), never a common noun, even where a sentence starts ("Tom went …" is no
   * male cat; summaries start with the person's name). */
  proper: boolean;
}

function tokens(text: string): Token[] {
  return allMatches(WORD, text).map((m) => {
    const word = m[0].replace(/'s$/i, '');
    return { word, proper: /^\p{Lu}/u.test(word) };
  });
}

/** Noun lemmas a word form may be: the singular first ("shoes" is a shoe before it is a situation), then itself. */
function lemmasOf(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = [];
  if (IRREGULAR[w]) out.push(IRREGULAR[w]);
  for (const [suffix, replacement] of DETACH)
    if (w.endsWith(suffix) && w.length > suffix.length + 2) out.push(w.slice(0, -suffix.length) + replacement);
  out.push(w);
  return [...new Set(out)];
}

/** A capitalised lemma in WordNet is a proper noun ("Portugal"), a lower-case one a common noun ("john", a toilet). */
const isProperLemma = (lemma: string) => /^\p{Lu}/u.test(lemma);

/**
 * Broader words of a text's nouns, lower case, each once, without the text's own words. A name takes only its
 * place senses (Lisbon a city, Portugal a European country): people's names in WordNet are saints and kings, and a
 * common noun's sense is no reading of a capitalised name ("John", "Maria"). Collocations of two or three words
 * in the text ("martial art", "tae kwon do") are looked up as one noun.
 */
export function broaderTerms(text: string, options: BroaderOptions = {}, wn: WordNetNouns = wordNetNouns()): string[] {
  const o = { ...DEFAULTS, ...options };
  const toks = tokens(text);
  const own = new Set(toks.flatMap((t) => lemmasOf(t.word)));
  const found = new Set<string>();
  const climb = (offset: number, level: number, seen: Set<number>) => {
    if (level > o.depth || seen.has(offset)) return;
    seen.add(offset);
    const s = wn.synset(offset);
    // Level 0 is the sense itself: its synonyms (kid → child, film → movie) are searched too.
    for (const lemma of s.lemmas) if (!TOO_GENERAL.has(lemma.toLowerCase())) found.add(lemma.toLowerCase());
    for (const h of s.hypernyms) climb(h, level + 1, seen);
  };
  const expand = (lemma: string, proper: boolean) => {
    for (const offset of wn.senses(lemma).slice(0, o.senses)) {
      const s = wn.synset(offset);
      const properSense = s.lemmas.some((l) => l.toLowerCase() === lemma && isProperLemma(l));
      if (proper !== properSense) continue;
      if (properSense && s.lexFile !== LEX_NOUN_LOCATION) continue;
      climb(offset, 0, new Set());
    }
  };
  for (let i = 0; i < toks.length; i++) {
    for (const n of [3, 2]) {
      const span = toks.slice(i, i + n);
      if (span.length < n) continue;
      const last = span[n - 1]!;
      for (const tail of lemmasOf(last.word)) {
        const lemma = [...span.slice(0, -1).map((t) => t.word.toLowerCase()), tail].join('_');
        if (wn.senses(lemma).length) {
          expand(
            lemma,
            span.every((t) => t.proper),
          );
          break;
        }
      }
    }
    const t = toks[i]!;
    if (t.word.length < MIN_LENGTH || STOP_WORDS.has(t.word.toLowerCase())) continue;
    for (const lemma of lemmasOf(t.word)) {
      if (!wn.senses(lemma).length) continue;
      expand(lemma, t.proper);
      break;
    }
  }
  const words = new Set<string>();
  for (const lemma of found) for (const w of lemma.split(/[_\s]+/)) if (w.length >= MIN_LENGTH && !own.has(w)) words.add(w);
  return [...words].slice(0, o.max);
}
