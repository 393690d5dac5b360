// Every match of a global regular expression, found by the expression object itself. String.prototype.matchAll
// clones its argument, and V8 compiles a clone afresh whenever a major collection has emptied its regex cache:
// under a bounded heap that recompiled every analysis pattern on most requests.

/**
 * A pattern's letters in either case, for patterns that must leave names case-sensitive: with the u flag, the i flag
 * folds \p{Lu} too, so "[\p{Lu}]" would match "back" in "Hey, I'm back".
 */
export const anyCase = (src: string) => src.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/** `s` as a literal inside a regular expression. */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The matches of `re` (which must be global) in `text`, in order; `re.lastIndex` is left at 0. */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global) throw new TypeError(`allMatches needs a global regular expression, got ${re}`);
  const found: RegExpExecArray[] = [];
  re.lastIndex = 0;
  try {
    for (let m = re.exec(text); m; m = re.exec(text)) {
      found.push(m);
      // An empty match would be found again at the same place: step over one character (a code point in unicode mode).
      if (m[0] === '') re.lastIndex += re.unicode && (text.codePointAt(re.lastIndex) ?? 0) > 0xffff ? 2 : 1;
    }
  } finally {
    re.lastIndex = 0;
  }
  return found;
}
