// Five-minute integration: memory around your own model call. Run it with the service up (`npm start`):
//   node quickstart.mjs                      (MEMORY_URL defaults to http://127.0.0.1:8080)
import { MemoryApiError, V1Client } from '@memory-middleware/client';

const baseUrl = process.env.MEMORY_URL ?? 'http://127.0.0.1:8080';

// Once: a 30-day trial key (an operator can also make one with the admin API). Keep it secret: it is shown once.
let apiKey = process.env.MEMORY_API_KEY;
if (!apiKey) {
  const trial = await V1Client.signup({ company_name: 'Acme', email: `dev+${Date.now()}@acme.example`, name: 'Ada' }, { baseUrl });
  apiKey = trial.api_key;
  console.log('trial tenant', trial.tenant_id, '(its key is shown once: keep it as MEMORY_API_KEY)');
}
const memory = new V1Client({ apiKey, baseUrl, idempotentRetriesOnly: true });

// Your model call (a stand-in here): it gets what the service remembers in its system prompt.
async function callYourModel({ system, user }) {
  return `(a reply to "${user}", written with ${system.split('\n').length} lines of system prompt)`;
}

async function answer(userId, message) {
  // 1. Before the model answers: what to remember for this message, best first, within a budget.
  const { items } = await memory.contextItems({ user_id: userId, message });
  const remembered = items.map((i) => `- ${i.sentence}`).join('\n');
  // 2-3. Your prompt and your model, as before.
  const reply = await callYourModel({ system: `You are helpful.\nWhat you remember about the user:\n${remembered}`, user: message });
  // 4. After the reply: the turn, one message per call (202 at once; memories are made in the background).
  const sent = await memory.ingestMessage({ user_id: userId, speaker: 'user', message });
  await memory.ingestMessage({ user_id: userId, speaker: 'assistant', message: reply });
  return { reply, messageId: sent.message_id };
}

const userId = `u-${Date.now()}`;
const first = await answer(userId, 'I am allergic to peanuts, and I cook for my wife Maria on Fridays.');
await memory.message(first.messageId, 20); // waits (up to 20 s) until the message is processed

const { items } = await memory.contextItems({ user_id: userId, message: 'What should I cook tonight?' });
const sentences = items.map((i) => i.sentence);
console.log('remembered:', sentences);

// The person's controls: see every line, keep one, leave a topic alone, take a copy, erase everything.
const page = await memory.items(userId, { limit: 50 });
if (page.items[0]) await memory.pin({ user_id: userId, node_id: page.items[0].node_id });
await memory.suppress({ user_id: userId, topic: 'work' });
const copy = await memory.export(userId);
console.log('export holds', copy.items.length, 'lines');
await memory.deleteUser(userId); // irreversible

// Failures are typed, whatever the route's error format.
try {
  await memory.node('00000000-0000-4000-8000-000000000000');
} catch (err) {
  if (!(err instanceof MemoryApiError) || err.status !== 404) throw err;
  console.log('not found:', err.code);
}
