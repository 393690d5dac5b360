// What the controls list: stored memories in the two route sets' shapes, and the opaque cursors of their pages.
import { badRequest } from '../http/errors.js';
import { salienceOfStored, type DecayParams, type StoredSalienceFields } from '../salience/salience.js';

/** One memory as listMemories.cypher returns it. */
export interface StoredMemory extends StoredSalienceFields {
  id: string;
  type: 'Domain' | 'Entity' | 'Facet' | 'Theme' | 'Interest';
  topic: string | null;
  summary: string | null;
  name: string | null;
  kind: string | null;
  domain: string | null;
  stage: string | null;
  lastRelevantAt: string | null;
  spikeAt: string | null;
  createdAt: string;
  updatedAt: string | null;
  pinned: boolean | null;
  archived: boolean | null;
  state: string | null;
  entity: string | null;
  entityKind: string | null;
  entityDomain: string | null;
  revisions: number;
}

/** The person's own entity is shown as "self", never under the app's user id. */
const nameOf = (m: StoredMemory) => (m.type === 'Entity' && m.kind === 'self' ? 'self' : m.name);

/** Fields both route sets show, under the v1 names; b2c renames about/sentence to topic/summary. */
function common(m: StoredMemory, decay: DecayParams, now: number) {
  const about = m.type === 'Domain' || m.type === 'Entity' ? nameOf(m) : m.topic;
  return {
    node_id: m.id,
    type: m.type.toLowerCase() as Lowercase<StoredMemory['type']>,
    about: about ?? '',
    sentence: m.summary ?? '',
    domain: m.type === 'Domain' ? m.name : (m.domain ?? m.entityDomain ?? null),
    entity: m.entityKind === 'self' ? 'self' : (m.entity ?? null),
    ...(m.type === 'Interest' ? { stage: m.stage } : {}),
    salience: salienceOfStored(m, decay, now),
    pinned: m.pinned === true,
    state: m.state ?? 'active',
    processing_count: m.processingCount ?? 0,
    created_at: m.createdAt,
    updated_at: m.updatedAt ?? m.createdAt,
  };
}

/** v1 item (/memory/v2/items, export): archived lines marked, fixed ones count their replaced wordings. */
export function v1Item(m: StoredMemory, decay: DecayParams, now: number) {
  return { ...common(m, decay, now), archived: m.archived === true, revisions: m.revisions };
}

/** b2c node (/nodes, export): archived memories never reach this shape. */
export function b2cNode(m: StoredMemory, decay: DecayParams, now: number) {
  const { node_id, type, about, sentence, ...rest } = common(m, decay, now);
  return { node_id, type, topic: about, summary: sentence, ...rest };
}

/** A page position: the (time, id) of the last row served, base64url-encoded so callers treat it as opaque. */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id]), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === '') return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at)) && id.length <= 64) return { at, id };
  } catch {
    // fall through to the 400
  }
  throw badRequest("Invalid request: 'cursor' is not a cursor this service handed out; start again without it.");
}
