// Temporal questions ("when did…", "last month", "in May") prefer memories whose event dates match.
import { resolveDate } from '../ingest/analysis/dates.js';

const WHEN =
  /\b(when|what (day|date|month|year|time)|how long ago|since when|last (week|month|year|weekend|night)|yesterday|ago|this (week|month|year))\b/i;

export interface TemporalFocus {
  /** The question asks about time, even without naming a date ("When did we move?"). */
  asksWhen: boolean;
  /** A date range the question names, if any. */
  range: { from: string; to: string } | null;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function temporalFocus(question: string, now: Date): TemporalFocus {
  const asksWhen = WHEN.test(question);
  const resolved = resolveDate(question, now, 'past');
  if (!resolved) return { asksWhen, range: null };
  const span = { day: 1, week: 7, month: 31, season: 92, year: 366 }[resolved.precision];
  // A little slack either side: people say "last week" of something nine days ago.
  const slack = { day: 1, week: 3, month: 7, season: 14, year: 31 }[resolved.precision];
  return { asksWhen: true, range: { from: addDays(resolved.date, -slack), to: addDays(resolved.date, span - 1 + slack) } };
}
