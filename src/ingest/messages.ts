// Messages: copies of what was said, and the durable queue of the write path. A message is acknowledged only
// after it is stored, and it stays pending until a worker has turned it into memories.
import { randomUUID } from 'node:crypto';
import { isUnavailable } from '../graph/errors.js';
import type { Graph, GraphTx } from '../graph/graph.js';
import { expectHeld, type LeaseTerms } from '../graph/leases.js';
import { query } from '../graph/queries.js';
import { GroupCommit } from './groupCommit.js';
import { IDEMPOTENCY_HOURS, type IdempotencyKey } from './idempotency.js';

const Q = {
  saveMessages: query('messages/saveMessages', { hot: true }),
  getMessageById: query('messages/getMessageById', { hot: true }),
  findIdempotent: query('messages/findIdempotent', { hot: true }),
  findIdempotentInTenant: query('messages/findIdempotentInTenant'),
  saveIdempotentAnswer: query('messages/saveIdempotentAnswer'),
  releaseIdempotencyKey: query('messages/releaseIdempotencyKey'),
  getMessageByIdSettled: query('messages/getMessageByIdSettled'),
  claimMessages: query('messages/claimMessages'),
  releaseMessage: query('messages/releaseMessage'),
  countPending: query('messages/countPending'),
  fenceMessages: query('messages/fenceMessages'),
  completeMessages: query('messages/completeMessages'),
};

/** How recently a message must have been processed for its status read to wait for the commit to settle. */
const SETTLE_MS = 10_000;

export type Speaker = 'user' | 'assistant' | 'other';
export type MessageStatus = 'pending' | 'processing' | 'done' | 'failed';
/** Which door a message came in by. */
export type MessageSource = 'ingest' | 'ingest_v2' | 'b2c_turn' | 'b2c_ingest';

export interface NewMessage {
  speaker: Speaker;
  /** Already scrubbed of PII. */
  text: string;
  /** ISO time the message happened; defaults to now. */
  eventTime?: string;
  /** The speaker's own name, when the caller gave one (scrubbed like the text). */
  speakerName?: string;
}

/** What storing a message's memories came to: counts, and whether the message is withheld (see WritePlan). */
export interface MessageCompletion {
  messageId: string;
  factsStored: number;
  factsDiscarded: number;
  withheld: boolean;
}
export const completion = (messageId: string, plan: { facts: unknown[]; discarded: number; withheld?: boolean }): MessageCompletion => ({
  messageId,
  factsStored: plan.facts.length,
  factsDiscarded: plan.discarded,
  withheld: plan.withheld === true,
});

export interface ClaimedMessage {
  id: string;
  tenantId: string;
  userId: string;
  speaker: Speaker;
  text: string;
  attempts: number;
  source: MessageSource;
  eventTime: string;
  speakerName: string | null;
  /** Claimed from a worker whose lease had expired (it died), not from the queue. */
  takenOver?: boolean;
}

export interface MessageView {
  message: {
    id: string;
    userId: string;
    speaker: Speaker;
    status: MessageStatus;
    attempts: number;
    lastError: string | null;
    receivedAt: string;
    processedAt: string | null;
    eventTime: string;
    factsDiscarded: number | null;
  };
  memoryIds: string[];
}

/** One request's messages for one person, as saveMessages takes them. */
interface StoreRequest {
  key: number;
  tenantId: string;
  userId: string;
  /** The HTTP request's id, for the transaction's metadata. */
  requestId?: string;
  idempotencyKey: string | null;
  idempotencyHash: string | null;
  messages: Array<{
    id: string;
    speaker: Speaker;
    text: string;
    source: MessageSource;
    seq: number;
    eventTime: string;
    speakerName: string | null;
    status: string;
  }>;
}
type Stored = Array<{ id: string; receivedAt: string }>;

/** A message stored under an Idempotency-Key that still holds: its position in its request and what it stands for. */
export interface KeyedRecord {
  id: string;
  receivedAt: string;
  seq: number;
  hash: string;
  /** The answer a synchronous /ingest recorded for it (parsed JSON); null for acknowledged messages. */
  answer: unknown;
}

class PersonMissingError extends Error {
  constructor() {
    super('end user missing or being erased while storing messages');
  }
}

export class MessageStore {
  private nextKey = 0;
  /** Acknowledgements of concurrent requests share commits. */
  private readonly acks = new GroupCommit<StoreRequest, Stored>((requests) => this.storeAll(requests), { failsEveryone: isUnavailable });

  constructor(private readonly graph: Graph) {}

  /** Stores messages in one transaction (inside `tx` when given); returns their ids in order. */
  async saveBulk(
    tenantId: string,
    userId: string,
    source: MessageSource,
    messages: NewMessage[],
    opts: {
      tx?: GraphTx;
      status?: 'pending' | 'done';
      requestId?: string;
      idempotency?: IdempotencyKey;
      /** The first message's position in its request (an item's index in /ingest/batch); default 0. */
      position?: number;
    } = {},
  ): Promise<Stored> {
    const now = new Date().toISOString();
    const request: StoreRequest = {
      key: this.nextKey++,
      tenantId,
      userId,
      requestId: opts.requestId,
      idempotencyKey: opts.idempotency?.key ?? null,
      idempotencyHash: opts.idempotency?.hash ?? null,
      messages: messages.map((m, i) => ({
        id: randomUUID(),
        speaker: m.speaker,
        text: m.text,
        source,
        seq: (opts.position ?? 0) + i,
        eventTime: m.eventTime ?? now,
        speakerName: m.speakerName ?? null,
        status: opts.status ?? 'pending',
      })),
    };
    const [stored] = opts.tx ? await this.storeAll([request], opts.tx) : [await this.acks.submit(request)];
    if (stored!.length !== messages.length) throw new PersonMissingError();
    return stored!;
  }

  /** Like create, for a person who may not exist yet or may be being erased: null then, and nothing written. */
  async trySaveBulk(
    tenantId: string,
    userId: string,
    source: MessageSource,
    messages: NewMessage[],
    opts: { requestId?: string; idempotency?: IdempotencyKey } = {},
  ) {
    try {
      return await this.saveBulk(tenantId, userId, source, messages, opts);
    } catch (err) {
      if (err instanceof PersonMissingError) return null;
      throw err;
    }
  }

  /**
   * What an earlier request with this key stored for the person while the key holds: its messages, and whether it
   * was the same request. A key whose time is up is released here, so the caller may store under it again.
   */
  async findIdempotent(tenantId: string, userId: string, idempotency: IdempotencyKey): Promise<{ stored: Stored; sameRequest: boolean } | undefined> {
    const records = await this.findKeyed(tenantId, idempotency.key, userId);
    if (records.length === 0) return undefined;
    return { stored: records.map(({ id, receivedAt }) => ({ id, receivedAt })), sameRequest: records[0]!.hash === idempotency.hash };
  }

  /**
   * The messages stored under this key while it holds, by position: one person's (`userId`), or the whole tenant's
   * (v1 /ingest/batch, whose key is the tenant's). Records whose time is up are released here first.
   */
  async findKeyed(tenantId: string, key: string, userId?: string): Promise<KeyedRecord[]> {
    const params = { tenantId, key, hours: IDEMPOTENCY_HOURS };
    type Row = Omit<KeyedRecord, 'answer'> & { userId?: string; answer: string | null; current: boolean };
    const rows = userId
      ? (await this.graph.read<Row>(Q.findIdempotent, { ...params, userId })).map((r) => ({ ...r, userId }))
      : await this.graph.read<Row>(Q.findIdempotentInTenant, params);
    const expiredUsers = new Set(rows.filter((r) => !r.current).map((r) => r.userId!));
    for (const expired of expiredUsers) await this.graph.write(Q.releaseIdempotencyKey, { ...params, userId: expired });
    return rows
      .filter((r) => r.current)
      .map(({ id, receivedAt, seq, hash, answer }) => ({ id, receivedAt, seq, hash, answer: answer === null ? null : JSON.parse(answer) }));
  }

  /** Keeps a synchronous /ingest's answer on its message (in the write's transaction), for a retry to replay. */
  async saveAnswer(tx: GraphTx, tenantId: string, messageId: string, answer: unknown): Promise<void> {
    await tx.run(Q.saveIdempotentAnswer, { tenantId, messageId, answer: JSON.stringify(answer) });
  }

  private async storeAll(requests: StoreRequest[], tx?: GraphTx): Promise<Stored[]> {
    const params = { requests: requests.map(({ requestId: _, ...r }) => r) };
    const requestId = requests.flatMap((r) => (r.requestId ? [r.requestId] : [])).join(',') || undefined;
    const rows = tx
      ? await tx.run<{ key: number; stored: Stored }>(Q.saveMessages, params)
      : await this.graph.writeOnce<{ key: number; stored: Stored }>(Q.saveMessages, params, { requestId });
    const byKey = new Map(rows.map((r) => [r.key, r.stored]));
    return requests.map((r) => byKey.get(r.key) ?? []);
  }

  async getById(tenantId: string, messageId: string): Promise<MessageView | undefined> {
    const [row] = await this.graph.read<MessageView>(Q.getMessageById, { tenantId, messageId });
    // Just processed: read again under the message's lock, so the memories are all visible with the status.
    const m = row?.message;
    if (m && (m.status === 'done' || m.status === 'failed') && (!m.processedAt || Date.now() - Date.parse(m.processedAt) < SETTLE_MS)) {
      const [settled] = await this.graph.write<MessageView>(Q.getMessageByIdSettled, { tenantId, messageId });
      return settled;
    }
    return row;
  }

  /**
   * Leases the oldest due messages of up to `users` people (taking over expired leases), at most `perUser` each; and
   * takes back the holder's own leased messages that are not `inHand` (claimed by a statement whose answer was lost).
   */
  async claim(lease: LeaseTerms, users: number, perUser: number, inHand: Iterable<string> = []): Promise<ClaimedMessage[]> {
    const rows = await this.graph.write<{ message: ClaimedMessage; takenOver: boolean }>(Q.claimMessages, {
      ...lease.params(),
      users,
      perUser,
      inHand: [...inHand],
    });
    return rows.map((r) => ({ ...r.message, takenOver: r.takenOver }));
  }

  /** Ends the lease of a failed attempt: queued again after the backoff, or failed; undefined if taken over. */
  async release(m: ClaimedMessage, lease: LeaseTerms, reason: string, maxAttempts: number, backoffSeconds: number): Promise<string | undefined> {
    const [row] = await this.graph.write<{ status: string }>(Q.releaseMessage, {
      ...lease.params(),
      tenantId: m.tenantId,
      messageId: m.id,
      reason,
      maxAttempts,
      backoffSeconds,
    });
    return row?.status;
  }

  async depth(): Promise<number> {
    const [row] = await this.graph.read<{ depth: number }>(Q.countPending);
    return row?.depth ?? 0;
  }

  /** First step of the storing transaction: throws LeaseLostError (rolling everything back) if a lease is gone. */
  async fence(tx: GraphTx, messages: ClaimedMessage[], lease: LeaseTerms): Promise<void> {
    const ids = messages.map((m) => m.id);
    const rows = await tx.run<{ id: string }>(Q.fenceMessages, { ...lease.params(), tenantId: messages[0]!.tenantId, messageIds: ids });
    expectHeld(
      ids,
      rows.map((r) => r.id),
      (id) => `message ${id}`,
    );
  }

  /** Last step of the storing transaction: the messages are done, with what each stored and discarded. */
  async complete(tx: GraphTx, tenantId: string, messages: MessageCompletion[]): Promise<void> {
    await tx.run(Q.completeMessages, { tenantId, messages });
  }
}
