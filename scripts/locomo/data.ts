// LoCoMo conversations as the harness uses them: dated turns in order, and the questions with their evidence.
// The files are read from the path given on the command line; nothing of them is copied into the project.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const CATEGORIES = [1, 2, 3, 4] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_NAMES: Record<Category, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

/** The user is speaker_a; speaker_b is another person, or the app's assistant when the file says so. */
export type Speaker = 'user' | 'other' | 'assistant';

export interface Turn {
  diaId: string;
  session: number;
  /** Index of the turn within its session. */
  index: number;
  speakerName: string;
  speaker: Speaker;
  /** What the app sends: the text, plus the caption of a shared photo. */
  text: string;
  eventTime: string;
  /** YYYY-MM-DD of the session, for the baselines' dated lines. */
  date: string;
}

export interface Question {
  /** Position in the file's qa list: results name questions by it, never by their text. */
  qaIndex: number;
  question: string;
  /** The gold answer, for answer recall (never written to the results file). */
  answer: string;
  category: Category;
  evidence: string[];
}

export interface Conversation {
  sampleId: string;
  file: string;
  speakerA: string;
  speakerB: string;
  /** How speaker_b's turns are sent: 'assistant' when the file's speaker_b_role says so, else 'other'. */
  roleB: Exclude<Speaker, 'user'>;
  turns: Turn[];
  questions: Question[];
  /** Questions of categories 1-4 left out because none of their evidence ids names a turn of the conversation. */
  skippedQuestions: number;
  /** Evidence ids that name no turn (typos in the data), dropped from their question. */
  droppedEvidence: string[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "4:05 pm on 12 June, 2021" → that wall-clock time, read as UTC. */
export function parseSessionDate(s: string): Date {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})\s*$/i.exec(s);
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1;
  if (!m || month < 0) throw new Error(`Unrecognised session date: ${JSON.stringify(s)}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/** Seconds between consecutive turns of a session: keeps them in order and on the session's day. */
const SECONDS_PER_TURN = 10;

interface RawTurn {
  speaker: string;
  dia_id: string;
  text?: string;
  blip_caption?: string;
}

export async function loadConversation(file: string): Promise<Conversation> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const speakerA = String(raw.speaker_a);
  const speakerB = String(raw.speaker_b);
  const roleB = raw.speaker_b_role === 'assistant' ? 'assistant' : 'other';
  const sampleId = typeof raw.sample_id === 'string' ? raw.sample_id : path.basename(file).replace(/\.json$/i, '');
  const sessions = Object.keys(raw)
    .map((k) => /^session_(\d+)$/.exec(k))
    .filter((m): m is RegExpExecArray => !!m && Array.isArray(raw[m[0]]))
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);

  const turns: Turn[] = [];
  for (const session of sessions) {
    const start = parseSessionDate(String(raw[`session_${session}_date_time`]));
    for (const [index, t] of (raw[`session_${session}`] as RawTurn[]).entries()) {
      const caption = t.blip_caption?.trim();
      const text = `${(t.text ?? '').trim()}${caption ? ` [shares a photo: ${caption}]` : ''}`.trim();
      if (!text) continue;
      turns.push({
        diaId: t.dia_id,
        session,
        index,
        speakerName: t.speaker,
        speaker: t.speaker === speakerA ? 'user' : roleB,
        text,
        eventTime: new Date(start.getTime() + index * SECONDS_PER_TURN * 1000).toISOString(),
        date: start.toISOString().slice(0, 10),
      });
    }
  }

  const known = new Set(turns.map((t) => t.diaId));
  const questions: Question[] = [];
  const droppedEvidence: string[] = [];
  let skippedQuestions = 0;
  for (const [qaIndex, q] of ((raw.qa ?? []) as Array<{ question: string; answer?: unknown; category: number; evidence?: string[] }>).entries()) {
    if (!(CATEGORIES as readonly number[]).includes(q.category)) continue;
    // Some evidence entries hold several ids ("D8:6; D9:17").
    const ids = [...new Set((q.evidence ?? []).flatMap((e) => String(e).split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e)))];
    droppedEvidence.push(...ids.filter((id) => !known.has(id)));
    const evidence = ids.filter((id) => known.has(id));
    if (!evidence.length) {
      skippedQuestions++;
      continue;
    }
    questions.push({ qaIndex, question: String(q.question), answer: String(q.answer ?? ''), category: q.category as Category, evidence });
  }
  return { sampleId, file, speakerA, speakerB, roleB, turns, questions, skippedQuestions, droppedEvidence };
}
