// Extraction that keeps the information, through the public API on the real Neo4j: what was said reaches the
// context a later question gets (issue 18, part 3). Invented conversations.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('extraction that keeps the information', () => {
  let t: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  type Turn = { speaker: 'user' | 'assistant' | 'other'; message: string; speaker_name?: string };
  /** Sends the turns one after the other, as a conversation arrives, and waits until each is processed. */
  async function converse(user: string, turns: Turn[]): Promise<void> {
    const ids: string[] = [];
    for (const [i, turn] of turns.entries()) {
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: user, ...turn, event_time: `2023-05-08T13:56:${String(i).padStart(2, '0')}Z` },
      });
      expect(r.status, r.text).to.equal(202);
      ids.push(r.body.message_id as string);
    }
    for (const id of ids) {
      const r = await call('GET', `/api/v1/messages/${id}?wait=20`, { headers: v1(t.apiKey) });
      expect(r.body.status, JSON.stringify(r.body)).to.equal('done');
    }
  }
  const context = async (user: string, message: string) => {
    const r = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message, max_tokens: 500 } });
    expect(r.status, r.text).to.equal(200);
    return (r.body.items as Array<{ sentence: string }>).map((i) => i.sentence).join(' ');
  };

  it('a short answer keeps the question it answers, and the answer words reach the context', async function () {
    this.timeout(120_000);
    const user = `qa-${randomUUID()}`;
    await converse(user, [
      { speaker: 'user', message: 'I want to order dinner tonight.' },
      { speaker: 'assistant', message: "Happy to help! What's your favourite pizza?" },
      { speaker: 'user', message: 'Margherita, obviously! Fresh basil and buffalo mozzarella.' },
      { speaker: 'other', speaker_name: 'Ines', message: 'Which season do you like best?' },
      { speaker: 'user', message: 'Autumn, without a doubt.' },
    ]);
    const pizza = await context(user, 'What is my favourite pizza?');
    expect(pizza)
      .to.match(/margherita/i)
      .and.to.match(/buffalo mozzarella/);
    expect(await context(user, 'Which season do I like best?')).to.match(/Autumn/);
  });

  it("a sentence that leans on its neighbour, a pronoun and someone else's fact land where they belong", async () => {
    const user = `lean-${randomUUID()}`;
    await converse(user, [
      { speaker: 'user', message: 'That was Peru. The mountain villages amazed me, and the food was incredible.' },
      { speaker: 'user', message: "My sister Ananya is coming over on Saturday. She's vegetarian and severely allergic to cashews." },
      { speaker: 'user', message: 'Tom loves spicy food.' },
      { speaker: 'user', message: 'Sounds great, thanks so much!' },
    ]);
    const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
    const peru = facts.find((f) => /Peru/.test(f.summary));
    expect(peru?.summary, JSON.stringify(facts)).to.match(/mountain villages/);
    expect(facts.find((f) => /cashews/.test(f.summary))?.subject).to.equal('Ananya');
    expect(facts.find((f) => /spicy food/.test(f.summary))?.subject).to.equal('Tom');
    expect(facts.map((f) => f.summary).join(' ')).to.not.match(/Sounds great/);
    // Tom's interest is not the user's.
    const interests = await testRead('userInterests', { tenantId: t.tenantId, userId: user });
    expect(interests.map((i) => i.topic)).to.not.include('spicy food');

    expect(await context(user, 'What amazed me in Peru?')).to.match(/mountain villages/);
    expect(await context(user, 'What is Ananya allergic to?')).to.match(/cashews/);
  });

  it('"she" in a later message means the one person the messages before named, and the fact is filed under her', async function () {
    this.timeout(120_000);
    const user = `she-${randomUUID()}`;
    await converse(user, [
      { speaker: 'user', message: 'My aunt Rosalind is coming to stay next week.' },
      { speaker: 'assistant', message: 'How lovely! Is there anything I can help you prepare?' },
      { speaker: 'user', message: "She's coeliac and she can't stand coriander, so dinner needs some thought." },
    ]);
    const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
    const diet = facts.find((f) => /coeliac/.test(f.summary));
    expect(diet?.summary, JSON.stringify(facts)).to.match(/^Rosalind is coeliac/);
    expect(diet?.subject).to.equal('Rosalind');
    expect(await context(user, 'What can Rosalind not eat?')).to.match(/coeliac/);
  });

  it('a correction archives the memory of what it put right, and only that memory', async function () {
    this.timeout(120_000);
    const user = `fix-${randomUUID()}`;
    await converse(user, [
      { speaker: 'user', message: "My dentist appointment is on Tuesday. I'm dreading the drilling, honestly." },
      { speaker: 'assistant', message: 'Noted, Tuesday it is. Good luck!' },
      { speaker: 'user', message: "Sorry, it's actually Thursday not Tuesday." },
    ]);
    const held = await testRead('correctedMemories', { tenantId: t.tenantId, userId: user });
    const tuesday = held.find((m) => /Tuesday/.test(m.summary));
    const thursday = held.find((m) => /Thursday/.test(m.summary));
    expect(tuesday?.archived, JSON.stringify(held)).to.equal(true);
    expect(tuesday?.withheld).to.deep.equal([true]);
    expect(thursday?.archived).to.equal(false);
    expect(thursday?.corrects).to.deep.equal([tuesday!.summary]);
    expect(held.find((m) => /drilling/.test(m.summary))?.archived).to.equal(false);

    const said = await context(user, 'When is my dentist appointment?');
    expect(said)
      .to.match(/Thursday/)
      .and.not.to.match(/Tuesday/);
    // The v1 list still shows what was put right, marked archived.
    const r = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: v1(t.apiKey) });
    const items = r.body.items as Array<{ sentence: string; archived: boolean }>;
    expect(items.filter((i) => /Tuesday/.test(i.sentence)).map((i) => i.archived)).to.deep.equal([true]);
  });

  it('a new home or job makes the one before former, and moving back makes it home again', async function () {
    this.timeout(120_000);
    const user = `home-${randomUUID()}`;
    const relationOf = async (name: string) => {
      const [e] = await testRead('entityByName', { tenantId: t.tenantId, userId: user, name });
      return e?.relation;
    };
    const vectorOf = async (name: string) =>
      (await testRead('entityByName', { tenantId: t.tenantId, userId: user, name }))[0]?.embedding as number[] | undefined;
    await converse(user, [{ speaker: 'user', message: 'I live in Leeds with my partner Sam.' }]);
    expect(await relationOf('Leeds')).to.equal('home');
    const homeVector = await vectorOf('Leeds');
    expect((await testRead('standingOfFacts', { tenantId: t.tenantId, userId: user }))[0]?.standing).to.equal('identity');
    await converse(user, [{ speaker: 'user', message: 'We moved to Bath last week, loving it so far!' }]);
    expect(await relationOf('Leeds')).to.equal('former_home');
    // An entity is found by its summary's vector: the new summary's.
    expect(await vectorOf('Leeds'))
      .to.have.length(homeVector!.length)
      .and.not.deep.equal(homeVector);
    expect(await relationOf('Bath')).to.equal('home');
    // The person's list says which is which.
    const list = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: v1(t.apiKey) });
    const sentences = (list.body.items as Array<{ sentence: string }>).map((i) => i.sentence);
    expect(sentences, JSON.stringify(sentences))
      .to.include("Bath (the user's home)")
      .and.to.include("Leeds (the user's former home)")
      .and.not.to.include("Leeds (the user's home)");
    // "I live in Leeds" no longer stands as who the person is.
    const standingOf = async (pattern: RegExp) =>
      (await testRead('standingOfFacts', { tenantId: t.tenantId, userId: user })).find((f) => pattern.test(f.summary))?.standing;
    expect(await standingOf(/lives in Leeds/)).to.equal('former');
    await converse(user, [{ speaker: 'user', message: 'Bath did not work out, we moved back to Leeds in March.' }]);
    expect(await relationOf('Leeds')).to.equal('home');
    expect(await relationOf('Bath')).to.equal('former_home');
    expect(await standingOf(/lives in Leeds/)).to.equal('identity');
    // An employer joined ends the one before; one named at work again does not.
    await converse(user, [{ speaker: 'user', message: 'I work at Tesco on the tills.' }]);
    await converse(user, [{ speaker: 'user', message: 'I just started a new job at Aldi!' }]);
    expect(await relationOf('Tesco')).to.equal('former_employer');
    expect(await relationOf('Aldi')).to.equal('employer');
    await converse(user, [{ speaker: 'user', message: 'I work at Aldi with my friend Dee.' }]);
    expect(await relationOf('Aldi')).to.equal('employer');
    expect(await relationOf('Tesco')).to.equal('former_employer');
    // A job left is a former one, with nothing new named.
    await converse(user, [{ speaker: 'user', message: 'I quit my job at Aldi today, it was too much.' }]);
    expect(await relationOf('Aldi')).to.equal('former_employer');
    // So are a job and a home said to be over.
    await converse(user, [{ speaker: 'user', message: 'I work at Lidl on weekends.' }]);
    expect(await relationOf('Lidl')).to.equal('employer');
    await converse(user, [{ speaker: 'user', message: "I don't work at Lidl anymore, and I don't live in Leeds any more either." }]);
    expect(await relationOf('Lidl')).to.equal('former_employer');
    expect(await relationOf('Leeds')).to.equal('former_home');
    expect(await standingOf(/lives in Leeds/)).to.equal('former');
    // A partner parted from is a former one, and "my ex" is them.
    await converse(user, [{ speaker: 'user', message: 'My boyfriend Jack is taking me to Paris next month.' }]);
    expect(await relationOf('Jack')).to.equal('partner');
    await converse(user, [{ speaker: 'user', message: "Jack and I broke up last week, I'm gutted." }]);
    expect(await relationOf('Jack')).to.equal('former_partner');
    await converse(user, [{ speaker: 'user', message: 'My ex-boyfriend texted me asking to meet up.' }]);
    const people = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: v1(t.apiKey) });
    const lines = (people.body.items as Array<{ sentence: string }>).map((i) => i.sentence);
    expect(lines, JSON.stringify(lines)).to.include("Jack (the user's former partner)");
    expect(lines.filter((l) => /^ex-boyfriend\b/i.test(l))).to.deep.equal([]);
  });

  it('a diet or an allergy said to be over stops standing in every answer; the same of someone else stays', async function () {
    this.timeout(120_000);
    const user = `ended-${randomUUID()}`;
    const standingOf = async (pattern: RegExp) =>
      (await testRead('standingOfFacts', { tenantId: t.tenantId, userId: user })).filter((f) => pattern.test(f.summary)).map((f) => f.standing);
    /** How /query frames each memory it gives for a question that is about none of them, by topic. */
    const framings = async () => {
      const r = await call('POST', '/api/v1/query', {
        headers: v1(t.apiKey),
        body: { user_id: user, current_input: 'Any ideas for a weekend away in October?' },
      });
      expect(r.status, r.text).to.equal(200);
      return (r.body.nodes as Array<{ topic: string; framing: string }>).map((n) => `${n.topic}: ${n.framing}`).sort();
    };
    await converse(user, [
      { speaker: 'user', message: "I'm vegetarian, have been since uni." },
      { speaker: 'user', message: "I'm allergic to cats, sadly." },
      { speaker: 'user', message: 'My son Leo is allergic to peanuts.' },
    ]);
    expect(await standingOf(/is vegetarian/)).to.deep.equal(['constraint']);
    expect(await framings()).to.include.members(['vegetarian diet: assert', 'cat allergy: assert', 'Leo — peanut allergy: assert']);

    await converse(user, [
      { speaker: 'user', message: "I'm not vegetarian anymore, I eat fish and chicken again." },
      { speaker: 'user', message: "Turns out I'm no longer allergic to cats, I grew out of it." },
    ]);
    expect(await standingOf(/is vegetarian, has been/)).to.deep.equal(['former']);
    // Neither the allergy nor the news that it is over stands.
    expect(await standingOf(/is allergic to cats/)).to.deep.equal(['former']);
    expect(await standingOf(/no longer allergic to cats/)).to.deep.equal([null]);
    expect(await standingOf(/Leo is allergic to peanuts/)).to.deep.equal(['constraint']);
    const after = await framings();
    expect(after, JSON.stringify(after)).to.include('Leo — peanut allergy: assert');
    expect(after.filter((f) => /^(vegetarian diet|cat allergy): assert/.test(f))).to.deep.equal([]);
    // Asked about it, the newer fact, which says it is over, comes first.
    const food = await context(user, 'Can you suggest a dinner recipe?');
    expect(food.indexOf('not vegetarian anymore'), food).to.be.within(0, food.indexOf('is vegetarian, has been'));
    // Said again, it stands again.
    await converse(user, [{ speaker: 'user', message: "I'm allergic to cats, sadly." }]);
    expect(await standingOf(/is allergic to cats, sadly/)).to.deep.equal(['constraint']);
    // Abstaining ends when what was given up comes back.
    await converse(user, [{ speaker: 'user', message: "I don't drink anymore, it was getting out of hand." }]);
    expect(await standingOf(/doesn't drink anymore/)).to.deep.equal(['constraint']);
    await converse(user, [{ speaker: 'user', message: "I'm drinking again, only at weekends." }]);
    expect(await standingOf(/doesn't drink anymore/)).to.deep.equal(['former']);
  });

  it('a correction leaves a pinned memory as the person pinned it', async function () {
    this.timeout(120_000);
    const user = `fixpin-${randomUUID()}`;
    await converse(user, [{ speaker: 'user', message: 'My sister Priya lives in Leeds.' }]);
    const list = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: v1(t.apiKey) });
    const leeds = (list.body.items as Array<{ node_id: string; sentence: string }>).find((i) => /Leeds/.test(i.sentence));
    const pinned = await call('POST', '/api/v1/memory/v2/pin', { headers: v1(t.apiKey), body: { user_id: user, node_id: leeds!.node_id } });
    expect(pinned.status, pinned.text).to.equal(200);
    await converse(user, [{ speaker: 'user', message: 'I meant York, not Leeds.' }]);
    const held = await testRead('correctedMemories', { tenantId: t.tenantId, userId: user });
    expect(held.find((m) => /Leeds/.test(m.summary))?.archived, JSON.stringify(held)).to.equal(false);
    expect(held.find((m) => /York/.test(m.summary))?.archived).to.equal(false);
  });
});
