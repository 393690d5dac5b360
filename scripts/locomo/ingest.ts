// Loads a conversation through the HTTP API as an app would: one POST /ingest/v2 per turn, in order, then
// waits (GET /messages/{id}?wait=30) until every message is processed.
import type { Conversation } from './data.js';
import type { Client } from './http.js';

export interface Loaded {
  sampleId: string;
  turns: number;
  /** dia_id of each stored message. */
  diaOf: Map<string, string>;
  messageOf: Map<string, string>;
  /** Seconds from the first turn sent to the last acknowledged, and to the last processed. */
  ackSeconds: number;
  processedSeconds: number;
  failed: Array<{ diaId: string; error: string | null }>;
}

interface Ack {
  message_id: string;
}
interface MessageState {
  status: 'pending' | 'processing' | 'done' | 'failed';
  error: string | null;
}

export async function loadConversation(api: Client, c: Conversation, progress: (line: string) => void): Promise<Loaded> {
  const started = performance.now();
  const diaOf = new Map<string, string>();
  const messageOf = new Map<string, string>();
  for (const [i, t] of c.turns.entries()) {
    // Sequential: each turn is stored before the next is sent, so the worker sees them in conversation order.
    const ack = await api.post<Ack>('/api/v1/ingest/v2', {
      user_id: c.sampleId,
      speaker: t.speaker,
      speaker_name: t.speakerName,
      message: t.text,
      event_time: t.eventTime,
    });
    diaOf.set(ack.message_id, t.diaId);
    messageOf.set(t.diaId, ack.message_id);
    if ((i + 1) % 200 === 0) progress(`${c.sampleId}: ${i + 1}/${c.turns.length} turns acknowledged`);
  }
  const ackSeconds = (performance.now() - started) / 1000;
  progress(`${c.sampleId}: all ${c.turns.length} turns acknowledged in ${ackSeconds.toFixed(1)} s; waiting for processing`);

  const failed: Loaded['failed'] = [];
  let done = 0;
  for (const [messageId, diaId] of diaOf) {
    for (;;) {
      const m = await api.get<MessageState>(`/api/v1/messages/${messageId}?wait=30`);
      if (m.status === 'failed') failed.push({ diaId, error: m.error });
      if (m.status === 'done' || m.status === 'failed') break;
    }
    if (++done % 200 === 0) progress(`${c.sampleId}: ${done}/${diaOf.size} processed (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const processedSeconds = (performance.now() - started) / 1000;
  progress(`${c.sampleId}: all processed in ${processedSeconds.toFixed(1)} s (${failed.length} failed)`);
  return { sampleId: c.sampleId, turns: c.turns.length, diaOf, messageOf, ackSeconds, processedSeconds, failed };
}
