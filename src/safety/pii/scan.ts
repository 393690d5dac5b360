// The scan of one text: findings claim character ranges, a later finding may not overlap an earlier one, and the
// text is rendered with each finding replaced by its marker.
import { allMatches } from '../../text/matches.js';
import type { Normalised } from './normalise.js';
import { redactionMarker, type PiiKind, type PiiScrubResult } from './types.js';

interface Finding {
  start: number;
  end: number;
  kind: PiiKind;
}

export class Scan {
  readonly findings: Finding[] = [];
  private readonly claimed: Uint8Array;
  private banking?: { breaks: number[]; words: number[] };

  constructor(readonly text: string) {
    this.claimed = new Uint8Array(text.length);
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.claimed[i]) return false;
    return true;
  }

  /**
   * The unclaimed stretches of start..end, split where findings sit (always at least one, maybe empty);
   * undefined when they hold more than `limit` characters in all.
   */
  unclaimedSegments(start: number, end: number, limit: number): string[] | undefined {
    const segments: string[] = [];
    let current = '';
    let count = 0;
    for (let i = start; i < end; i++) {
      if (!this.claimed[i]) {
        if (++count > limit) return undefined;
        current += this.text[i];
      } else if (i + 1 === end || !this.claimed[i + 1]) {
        segments.push(current);
        current = '';
      }
    }
    segments.push(current);
    return segments;
  }

  claim(start: number, end: number, kind: PiiKind): void {
    this.claimed.fill(1, start, end);
    this.findings.push({ start, end, kind });
  }

  /** Whether the sentence around `at` talks about banks (for routing numbers without a cue). */
  inBankingSentence(at: number): boolean {
    if (!this.banking) {
      const positions = (re: RegExp) => Array.from(allMatches(re, this.text), (m) => m.index);
      this.banking = {
        breaks: positions(/[.!?;\n]/g),
        words: positions(
          /\b(?:bank(?:ing)?|routing|aba|wire|ach|(?:direct\s+)?deposit|checking|chequing|savings|transfer|payroll|credit\s+union)\b/gi,
        ),
      };
    }
    const { breaks, words } = this.banking;
    const i = firstAtOrAfter(breaks, at);
    const sentenceStart = i > 0 ? breaks[i - 1]! : -1;
    const sentenceEnd = i < breaks.length ? breaks[i]! : this.text.length;
    const w = firstAtOrAfter(words, sentenceStart + 1);
    return w < words.length && words[w]! < sentenceEnd;
  }

  /**
   * The text with each finding replaced by its marker. With `onto`, the findings (made on its normalised form) are
   * mapped back to the original's code points and the original is rendered instead.
   */
  render(onto?: { original: string } & Normalised): PiiScrubResult {
    const redactions: Partial<Record<PiiKind, number>> = {};
    const source = onto ? onto.original : this.text;
    if (this.findings.length === 0) return { text: source, redactions };
    this.findings.sort((a, b) => a.start - b.start);
    let out = '';
    let at = 0;
    for (const f of this.findings) {
      const start = onto ? onto.starts[f.start]! : f.start;
      const end = onto ? onto.ends[f.end - 1]! : f.end;
      out += source.slice(at, Math.max(at, start)) + redactionMarker(f.kind);
      at = Math.max(at, end);
      redactions[f.kind] = (redactions[f.kind] ?? 0) + 1;
    }
    return { text: out + source.slice(at), redactions };
  }
}

/** Index of the first element ≥ value in a sorted array (its length when none). */
function firstAtOrAfter(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
