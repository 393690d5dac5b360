// Stems: a word's ending cut so that its forms meet. Two light suffix stemmers, both frozen by what is stored under
// their output: stem() makes the hashing embedder's features (vectors stored under local-hash-v1) and lightStem()
// a theme's key (themes are merged on it). Neither is a linguistic stemmer (src/retrieval uses Porter's).

/** Plurals, -ing, -ed and a final e meet their base form ("loved", "loves" → "lov"); short words and numbers stay. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') || w.endsWith('ied')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  // running → runn → run; but "fall", "miss", "jazz" keep their doubled letter.
  const last = w.charCodeAt(w.length - 1);
  if (w.length > 3 && last === w.charCodeAt(w.length - 2) && !/[aeioulsz]/.test(w[w.length - 1]!)) w = w.slice(0, -1);
  return w;
}

/** Lighter: only a possessive, plurals and -ing ("sleeping", "sleeps" → "sleep"); "-ed" and a final e stay. */
export function lightStem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 5 && w.endsWith('ing')) {
    w = w.slice(0, -3);
    if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1); // "running" → "run"
    return w;
  }
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}
