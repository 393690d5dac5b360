#!/usr/bin/env node
// `npm run seed`: loads the demo people of seeds/*.json through the running service's API (so they go through
// the real write path), waits until every message is processed, and says how to look at them in Neo4j Browser.
//   npm run seed -- [--url http://127.0.0.1:8080] [--key mm_v1_…]   (without --key it signs up for a trial)
// It goes through the typed client, which waits out a 429 as Retry-After says: a trial key's 60 requests a
// minute make the seed slower, never wrong. Any message not processed in the end fails the run.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { V1Client } from '../../client/src/v1.js';
import { projectRoot } from '../version.js';
import { fail, flags } from './common.js';

const Person = z.object({
  user_id: z.string(),
  about: z.string(),
  sessions: z.array(
    z.object({ date: z.string(), messages: z.array(z.object({ speaker: z.enum(['user', 'assistant', 'other']), text: z.string() })) }),
  ),
});

/** A rate-limit window is a minute: enough retries to wait out several of them. */
const RETRIES = { maxRetries: 10, maxRetryWaitSeconds: 60 };

const opts = flags(process.argv.slice(2));
const baseUrl = `${(opts.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '')}/api/v1`;
try {
  let key = opts.key;
  let tenantId: string | undefined;
  if (!key) {
    const signup = await V1Client.signup({ company_name: 'Seed demo', email: `seed-${Date.now()}@example.com`, name: 'Seed' }, { baseUrl });
    key = signup.api_key;
    tenantId = signup.tenant_id;
    console.log(`signed up a trial tenant ${tenantId}; its key (shown once): ${key}`);
  }
  const client = new V1Client({ apiKey: key, baseUrl, ...RETRIES });
  const dir = path.join(projectRoot, 'seeds');
  const sent: Array<{ id: string; userId: string }> = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    const person = Person.parse(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
    let count = 0;
    for (const session of person.sessions)
      for (const [i, m] of session.messages.entries()) {
        // Messages of a session are a few seconds apart.
        const eventTime = new Date(Date.parse(session.date) + i * 20_000).toISOString();
        const r = await client.ingestMessage({ user_id: person.user_id, speaker: m.speaker, message: m.text, event_time: eventTime });
        sent.push({ id: r.message_id, userId: person.user_id });
        count++;
      }
    console.log(`${person.user_id}: ${count} messages sent (${person.about})`);
  }
  const unfinished: string[] = [];
  for (const m of sent) {
    const status = await client.message(m.id, 30);
    if (status.status !== 'done') unfinished.push(`${m.userId} message ${m.id}: ${status.status}`);
  }
  if (unfinished.length) fail(`seed failed: ${unfinished.length} of ${sent.length} messages were not processed:\n  ${unfinished.join('\n  ')}`);
  console.log(`all ${sent.length} messages processed.`);
  const tenantParam = tenantId ? `:param tenantId => '${tenantId}';` : ':param tenantId => <the tenant id of your key>;';
  console.log(`In Neo4j Browser: ${tenantParam} :param userId => 'demo-maya'; then run cypher/browser/personGraph.cypher`);
} catch (err) {
  fail(`seed failed: ${(err as Error).message}`);
}
