// The text the scan reads: each character of the original in a plain form, so a number typed in other scripts or
// widths, or split by unusual spaces, looks like one typed on a US keyboard. Each code point is folded on its own
// (NFKC: full-width letters and digits, circled digits, ligatures), then any decimal digit of any script becomes
// its ASCII digit, every Unicode space and the tab a plain space, line and paragraph separators a newline, and
// invisible format characters (zero-width spaces, soft hyphens) are dropped. The scan's findings are mapped back
// to the original's code points, and only they are replaced: text without findings is returned as it came.

// Stands for a format character until its neighbours are known: nothing between two letters or two digits
// ("pass\u00adport", "4\u200b4"), a space elsewhere ("SSN\u200b446332460" keeps its cue a word).
const FORMAT = '\u0000';

export interface Normalised {
  /** What the scan reads. */
  text: string;
  /** For each character of `text`, where its code point starts in the original, and where it ends. */
  starts: number[];
  ends: number[];
}

// Everything outside printable ASCII goes through the slow path; the newline and carriage return are kept as they are.
const NEEDS_WORK = /[^\x20-\x7e\n\r]/;

/** The plain form of one code point ('' for format characters). */
function fold(ch: string): string {
  if (ch === '\t' || /^\p{Zs}$/u.test(ch)) return ' ';
  if (/^[\p{Zl}\p{Zp}]$/u.test(ch)) return '\n';
  if (/^\p{Cf}$/u.test(ch)) return FORMAT;
  let out = ch.normalize('NFKC');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for anything outside ASCII, control characters included
  if (/[^\x00-\x7f]/.test(out)) out = out.replace(/\p{Nd}/gu, asciiDigit).replace(/\p{Zs}/gu, ' ');
  // Enclosed numbers are digits: "⑷" and "⒋" fold to "(4)" and "4." but are typed as one digit each.
  if (/^\p{No}$/u.test(ch)) out = out.replace(/^\((\d+)\)$|^(\d+)\.$/, '$1$2');
  return out;
}

/**
 * Unicode puts each script's digits zero to nine on consecutive code points, in blocks that may follow each other
 * (the mathematical digits), so a digit's value is its distance from the start of its run of digits, modulo ten.
 */
function asciiDigit(d: string): string {
  const cp = d.codePointAt(0)!;
  let first = cp;
  while (first > cp - 60 && /^\p{Nd}$/u.test(String.fromCodePoint(first - 1))) first--;
  return String((cp - first) % 10);
}

// Folds already worked out, by code point: there are at most a few hundred thousand of them.
const FOLDED = new Map<number, string>();
function remember(cp: number, folded: string): string {
  FOLDED.set(cp, folded);
  return folded;
}

/** Whether a format character between what was folded so far and the original from `next` on joins two letters or two digits. */
function joins(folded: string, original: string, next: number): boolean {
  const before = folded[folded.length - 1] ?? '';
  let after = '';
  for (let i = next; i < original.length && i < next + 16 && after === ''; ) {
    const cp = original.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const f = FOLDED.get(cp) ?? remember(cp, fold(ch));
    if (f !== FORMAT) after = f[0] ?? ' ';
    i += ch.length;
  }
  return (/\d/.test(before) && /\d/.test(after)) || (/\p{L}/u.test(before) && /\p{L}/u.test(after));
}

export function normalise(original: string): Normalised | undefined {
  if (!NEEDS_WORK.test(original)) return undefined;
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < original.length; ) {
    const cp = original.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = original.slice(i, i + width);
    let folded = cp >= 0x20 && cp < 0x7f ? ch : (FOLDED.get(cp) ?? remember(cp, fold(ch)));
    if (folded === FORMAT) folded = joins(text, original, i + width) ? '' : ' ';
    for (let k = 0; k < folded.length; k++) {
      starts.push(i);
      ends.push(i + width);
    }
    text += folded;
    i += width;
  }
  return { text, starts, ends };
}
