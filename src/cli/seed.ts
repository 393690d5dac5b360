#!/usr/bin/env node
// `npm run seed`: loads the demo people of seeds/*.json through the running service's API (so they go through
// the real write path), waits until every message is processed, and says how to look at them in Neo4j Browser.
//   npm run seed -- [--url http://127.0.0.1:8080] [--key mm_v1_…]   (without --key it signs up for a trial)
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../version.js';
import { fail, flags } from './common.js';

const Person = z.object({
  user_id: z.string(),
  about: z.string(),
  sessions: z.array(z.object({ date: z.string(), messages: z.array(z.object({ speaker: z.enum(['user', 'assistant', 'other']), text: z.string() })) })),
});

async function post(url: string, body: unknown, key?: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(key ? { 'X-API-Key': key } : {}) }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => ({}))) as Record<string, any>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const opts = flags(process.argv.slice(2));
const base = (opts.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '') + '/api/v1';
let key = opts.key;
try {
  if (!key) {
    const signup = await post(`${base}/trial/signup`, { company_name: 'Seed demo', email: `seed-${Date.now()}@example.com`, name: 'Seed' });
    key = signup.api_key as string;
    console.log(`signed up a trial tenant ${signup.tenant_id}; its key (shown once): ${key}`);
  }
  const dir = path.join(projectRoot, 'seeds');
  const pending: string[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    const person = Person.parse(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
    let count = 0;
    for (const session of person.sessions)
      for (const [i, m] of session.messages.entries()) {
        // Messages of a session are a few seconds apart.
        const eventTime = new Date(Date.parse(session.date) + i * 20_000).toISOString();
        const r = await post(`${base}/ingest/v2`, { user_id: person.user_id, speaker: m.speaker, message: m.text, event_time: eventTime }, key);
        pending.push(r.message_id as string);
        count++;
      }
    console.log(`${person.user_id}: ${count} messages sent (${person.about})`);
  }
  for (const id of pending) {
    const res = await fetch(`${base}/messages/${id}?wait=30`, { headers: { 'X-API-Key': key } });
    const body = (await res.json()) as { status: string };
    if (body.status !== 'done') console.warn(`message ${id} is ${body.status}`);
  }
  console.log(`all ${pending.length} messages processed.`);
  console.log("In Neo4j Browser: :param tenantId => '<tenant id>'; :param userId => 'demo-maya'; then run cypher/browser/personGraph.cypher");
} catch (err) {
  fail(`seed failed: ${(err as Error).message}`);
}
