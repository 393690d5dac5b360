// Retrieval reads only the entities a question could name (person/getPersonById with a question), not all of a person's: the
// question's analysis must find in that subset exactly what it finds among all of them.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { loadPerson, loadPersonForQuestion, type PersonEntity } from '../../src/memory/person.js';
import { IDENTITY_GRAVITY, questionOf } from '../../src/retrieval/channels.js';
import { temporalFocus } from '../../src/retrieval/temporal.js';
import { testEnv } from '../helpers/env.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const MESSAGES = [
  'My sister Priya is allergic to cashews and my brother Dev lives in Toronto.',
  'My wife Sarah and I adopted a dog called Biscuit last spring.',
  'My best friend Tom Baker runs a bakery; my friends Ana and Bruno help him on Saturdays.',
  'My boss Karen Li moved our team to Acme Corp offices in Lisbon.',
  'My coworker Jo Park and my neighbour Mrs. Okafor both play chess.',
  'My mum visits every Sunday and my cousin Lee brings his kids.',
  'I grew up in Porto and studied at the University of Leeds.',
  'My friend Will is a nurse; I will call him tomorrow.',
  'Our cat Miso sleeps on my daughter Amira’s bed.',
  "My colleague Siobhan O'Brien and my niece Mary-Ann visited Zoë in São Paulo.",
];

const QUESTIONS = [
  'What is my sister allergic to?',
  'Where does Dev live?',
  'What did Sarah and I adopt?',
  'What does my wife like?',
  'Who runs the bakery, tom baker?',
  'What do my friends do on Saturdays?',
  'Who is my best friend?',
  'What did my boss change at work?',
  'Does Karen work at Acme?',
  'Which games does my coworker play?',
  'What does my neighbour play?',
  'When does my mum visit?',
  'Whose kids come with my cousin?',
  'Where did I grow up and study?',
  'Will I call my friend tomorrow?',
  'Where does Miso sleep?',
  'What does my dog eat?',
  'How is my daughter doing?',
  'What do you know about me?',
  'Tell me about the weather in Porto and in Lisbon',
  'Anything about PRIYA or priya?',
  'What about my partner?',
  'Is my brother older than my sister?',
  'Did Bruno and Ana help with the chess club?',
  // Role words other than the one stored as an alias: only the relation finds these.
  'What did my supervisor say?',
  'Is my doggo well?',
  'How is my bro?',
  // Names as people write them around other characters: possessives, apostrophes inside, hyphens, brackets.
  "What did O'Brien's niece say?",
  'Is mary-ann well?',
  'What about Siobhan O’Brien?',
  '(Dev) where does he live?',
  "dev's new address?",
  "Tell me about Tom Baker's bakery.",
  'Did Zoë enjoy São Paulo?',
  'Amira’s bed or Miso’s?',
  // So many words that every entity is compared instead of looked up by name.
  `${'and then '.repeat(250)}where does Dev live?`,
];

describe('the person as a question sees them', () => {
  let t: { tenantId: string; apiKey: string };
  const user = `pfq-${randomUUID()}`;

  before(async function () {
    this.timeout(120_000);
    t = await newTenant('v1', 'scale');
    for (const content of MESSAGES) {
      const r = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } });
      expect(r.status, r.text).to.equal(201);
    }
  });
  after(cleanupTenants);

  it('names the same entities, searches the same words and expands the same entities as the whole person would', async () => {
    const { graph } = await testEnv();
    const owner = { tenantId: t.tenantId, userId: user };
    const all = await loadPerson(graph, t.tenantId, user);
    expect(all.known.length, 'entities stored').to.be.at.least(15);
    const central = (known: PersonEntity[]) =>
      known
        .filter((e) => !e.archived && e.kind !== 'self' && e.gravity >= IDENTITY_GRAVITY)
        .map((e) => e.id)
        .sort();
    const now = new Date();
    for (const q of QUESTIONS) {
      const some = await loadPersonForQuestion(graph, owner, q, IDENTITY_GRAVITY);
      expect(some.hasEntities).to.equal(true);
      const whole = questionOf(q, all.known, temporalFocus(q, now), true);
      const part = questionOf(q, some.known, temporalFocus(q, now), true);
      expect(part.named.map((e) => e.id).sort(), q).to.deep.equal(whole.named.map((e) => e.id).sort());
      expect(part.request.words, q).to.deep.equal(whole.request.words);
      expect(part.request.expandIds, q).to.deep.equal(whole.request.expandIds);
      expect(central(some.known), q).to.deep.equal(central(all.known));
      expect(some.suppressed).to.deep.equal(all.suppressed);
      expect(some.version).to.equal(all.version);
    }
    // It is a subset: a question naming no one reads the self entity and the central ones only.
    const none = await loadPersonForQuestion(graph, owner, 'What do you know about me?', IDENTITY_GRAVITY);
    expect(none.known.length).to.be.lessThan(all.known.length / 2);
  });

  it('says a person with entities exists, and one without does not', async () => {
    const { graph } = await testEnv();
    const nobody = await loadPersonForQuestion(graph, { tenantId: t.tenantId, userId: `nobody-${randomUUID()}` }, 'Who am I?', IDENTITY_GRAVITY);
    expect(nobody).to.include({ hasEntities: false, version: 0 });
    expect(nobody.known).to.deep.equal([]);
  });
});
