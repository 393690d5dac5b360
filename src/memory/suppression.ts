// "Leave this topic alone" (spec 2.9): one matcher for both paths. A memory touches a suppressed topic when the
// topic appears as a whole word in its text, names one of its entities (or their aliases), or is its domain.
import { escapeRegex } from '../text/matches.js';

export interface SuppressionSubject {
  texts: Array<string | null | undefined>;
  /** Names and aliases of the entities the memory is about or names. */
  names: string[];
  domain?: string | null;
}

export function touchesSuppressed(subject: SuppressionSubject, suppressed: string[]): boolean {
  if (suppressed.length === 0) return false;
  const text = subject.texts.filter(Boolean).join(' \n ');
  const names = subject.names.map((n) => n.toLowerCase());
  return suppressed.some((raw) => {
    const topic = raw.trim().toLowerCase();
    if (!topic) return false;
    if (topic === subject.domain || names.includes(topic)) return true;
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegex(topic)}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
  });
}
