// The lexical channels of one person's retrieval, answered in process from their working set: full-text over the
// memories' topics, summaries and broader words, over what was said (the messages, each leading to the memories
// derived from it), and the context of what was said (the messages said just before and after a match). Memories archived or
// standing for the person themself (the self entity) are never candidates, as in the graph queries they replaced.
import { BROADER_WEIGHT } from '../lexical/broader.js';
import { best, Bm25Field, termCounts, type TermCounts } from './lexical.js';
import type { MemoryRecord } from './workingSet.js';

/** A message of the person as the lexical channels need it: no text is held, only its terms. */
export interface HeldMessage {
  id: string;
  /** When it was said, epoch milliseconds. */
  eventMs: number;
  counts: TermCounts | null;
}

export interface SaidMatch {
  messageId: string;
  /** The memories derived from it (none when its memories were deleted or it yielded none). */
  ids: string[];
}

// Message id → memory ids lists are shared between versions: changed by replacing a list, never in place.
function addDerived(derived: Map<string, string[]>, r: MemoryRecord, touched?: Set<string>): void {
  for (const s of r.sourceIds) {
    const list = derived.get(s);
    derived.set(s, list ? [...list, r.memory.id] : [r.memory.id]);
    touched?.add(s);
  }
}

function removeDerived(derived: Map<string, string[]>, r: MemoryRecord, touched: Set<string>): void {
  for (const s of r.sourceIds) {
    const list = derived.get(s)?.filter((id) => id !== r.memory.id);
    if (list?.length) derived.set(s, list);
    else derived.delete(s);
    touched.add(s);
  }
}

/** A record's analysed fields, kept with the record: records unchanged between versions are not analysed again. */
const analysed = new WeakMap<MemoryRecord, { topic: TermCounts | null; summary: TermCounts | null; broader: TermCounts | null }>();
function fieldsOf(r: MemoryRecord) {
  let f = analysed.get(r);
  if (!f) {
    f = { topic: termCounts(r.memory.topic), summary: termCounts(r.memory.summary), broader: termCounts(r.memory.broader) };
    analysed.set(r, f);
  }
  return f;
}

/** What the next version's texts take over from the earlier ones (PersonTexts.next). */
interface NextTexts {
  memoryIds: string[];
  position: Map<string, number>;
  fields: [Bm25Field, Bm25Field, Bm25Field];
  text: Bm25Field;
  derived: Map<string, string[]>;
}

/** Whether a record is a candidate of the lexical channels. */
const searchable = (r: MemoryRecord | undefined): r is MemoryRecord => r !== undefined && !r.memory.archived && r.memory.kind !== 'self';

export class PersonTexts {
  /** Memory ids by position; positions of memories gone or no longer searchable stay, with no document. */
  private readonly memoryIds: string[];
  private readonly position: Map<string, number>;
  private readonly topic: Bm25Field;
  private readonly summary: Bm25Field;
  private readonly broader: Bm25Field;
  private readonly messages: HeldMessage[];
  private readonly text: Bm25Field;
  /** Message id → the candidate memories derived from it. */
  private readonly derived: Map<string, string[]>;
  private timeline?: { order: HeldMessage[]; position: Map<string, number> };

  constructor(records: Iterable<MemoryRecord>, messages: Iterable<HeldMessage>, from?: NextTexts) {
    this.messages = [...messages];
    if (from) {
      ({ memoryIds: this.memoryIds, position: this.position, text: this.text, derived: this.derived } = from);
      [this.topic, this.summary, this.broader] = from.fields;
      return;
    }
    this.memoryIds = [];
    this.derived = new Map();
    const topics: Array<TermCounts | null> = [];
    const summaries: Array<TermCounts | null> = [];
    const broader: Array<TermCounts | null> = [];
    for (const r of records) {
      if (!searchable(r)) continue;
      const f = fieldsOf(r);
      this.memoryIds.push(r.memory.id);
      topics.push(f.topic);
      summaries.push(f.summary);
      broader.push(f.broader);
      addDerived(this.derived, r);
    }
    this.position = new Map(this.memoryIds.map((id, i) => [id, i]));
    this.topic = new Bm25Field(topics);
    this.summary = new Bm25Field(summaries);
    this.broader = new Bm25Field(broader);
    this.text = new Bm25Field(this.messages.map((m) => m.counts));
  }

  /**
   * The texts of the next memory version, from these: `records` are all of them now, `changed` the ids read again
   * or gone since, `messages` all messages now (those held here first, in order, then the new ones). Scores and
   * order are what building them afresh from the same records would give.
   */
  next(records: ReadonlyMap<string, MemoryRecord>, earlier: ReadonlyMap<string, MemoryRecord>, changed: Iterable<string>, messages: ReadonlyArray<HeldMessage>): PersonTexts {
    const memoryIds = [...this.memoryIds];
    const position = new Map(this.position);
    const replaced: Array<Map<number, TermCounts | null>> = [new Map(), new Map(), new Map()];
    const appended: Array<Array<TermCounts | null>> = [[], [], []];
    const derived = new Map(this.derived);
    const touched = new Set<string>();
    for (const id of new Set(changed)) {
      const before = earlier.get(id);
      const now = records.get(id);
      if (searchable(before)) removeDerived(derived, before, touched);
      const at = position.get(id);
      if (!searchable(now)) {
        if (at !== undefined) for (const r of replaced) r.set(at, null);
        continue;
      }
      addDerived(derived, now, touched);
      const f = fieldsOf(now);
      const docs = [f.topic, f.summary, f.broader];
      if (at !== undefined) replaced.forEach((r, k) => r.set(at, docs[k]!));
      else {
        position.set(id, memoryIds.length);
        memoryIds.push(id);
        appended.forEach((a, k) => a.push(docs[k]!));
      }
    }
    // In position order, as a fresh build lists them (positions follow the records' order).
    for (const s of touched) derived.get(s)?.sort((a, b) => position.get(a)! - position.get(b)!);
    const added = messages.slice(this.messages.length);
    const fields = [this.topic, this.summary, this.broader].map((field, k) => field.next(replaced[k]!, appended[k]!)) as [Bm25Field, Bm25Field, Bm25Field];
    const text = this.text.next(new Map(), added.map((m) => m.counts));
    const texts = new PersonTexts([], messages, { memoryIds, position, fields, text, derived });
    // Messages said after every one held keep the timeline in order by being added at its end (a stable sort by
    // time would put them there too); one said earlier makes the next context question sort it again.
    const last = this.timeline?.order.at(-1)?.eventMs ?? -Infinity;
    if (this.timeline && added.every((m) => m.eventMs >= last) && added.every((m, i) => i === 0 || m.eventMs >= added[i - 1]!.eventMs)) {
      const order = [...this.timeline.order, ...added];
      const at = new Map(this.timeline.position);
      added.forEach((m, i) => at.set(m.id, this.timeline!.order.length + i));
      texts.timeline = { order, position: at };
    }
    return texts;
  }

  /** Memories whose topic, summary or broader words match the terms (the last counting less), best first. */
  memories(terms: readonly string[], limit: number): string[] {
    const scores = new Float64Array(this.memoryIds.length);
    this.topic.addScores(terms, scores);
    this.summary.addScores(terms, scores);
    this.broader.addScores(terms, scores, BROADER_WEIGHT);
    return best(scores, limit).map((i) => this.memoryIds[i]!);
  }

  /** Messages that match the terms, best first, each with the memories derived from it. */
  said(terms: readonly string[], limit: number): SaidMatch[] {
    const scores = new Float64Array(this.messages.length);
    this.text.addScores(terms, scores);
    return best(scores, limit).map((i) => {
      const id = this.messages[i]!.id;
      return { messageId: id, ids: this.derived.get(id) ?? [] };
    });
  }

  /**
   * The memories of the messages said just after and just before each given message (best first), within
   * `withinMs` of it: an answer follows its question in other words ("How are the kids after the accident?" /
   * "They were scared but we reassured them"), and a message days later is another conversation. `reach`
   * messages are taken on each side, nearest first: the reply to a follow-up question is two messages after the
   * statement that was matched ("We had a picnic" / "What games did you play?" / "Charades and a scavenger
   * hunt"). Each memory takes the rank of the best message it neighbours.
   */
  context(messageIds: readonly string[], withinMs: number, limit: number, reach = 1): string[] {
    const { order, position } = this.timelineOf();
    const out = new Set<string>();
    for (const id of messageIds) {
      const at = position.get(id);
      if (at === undefined) continue;
      const t = order[at]!.eventMs;
      // Messages strictly later and strictly earlier (one said at the same instant is neither), nearest first.
      let next = at + 1;
      while (next < order.length && order[next]!.eventMs === t) next++;
      let prev = at - 1;
      while (prev >= 0 && order[prev]!.eventMs === t) prev--;
      for (let step = 0; step < reach; step++, next++, prev--) {
        for (const n of [order[next], order[prev]]) {
          if (!n || Math.abs(n.eventMs - t) > withinMs) continue;
          for (const m of this.derived.get(n.id) ?? []) out.add(m);
        }
      }
      if (out.size >= limit) break;
    }
    return [...out].slice(0, limit);
  }

  private timelineOf() {
    if (!this.timeline) {
      const order = [...this.messages].sort((a, b) => a.eventMs - b.eventMs);
      this.timeline = { order, position: new Map(order.map((m, i) => [m.id, i])) };
    }
    return this.timeline;
  }
}
