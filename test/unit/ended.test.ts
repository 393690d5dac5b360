// States said to be over ("I'm not vegetarian anymore"): what they were, so the earlier facts about them stop
// standing, and the homes and jobs they were. Invented messages only.
import { expect } from 'chai';
import { analyseMessage } from '../../src/ingest/analysis/analyse.js';
import { endedStateNames, saysCoupleParted } from '../../src/ingest/analysis/ended.js';
import { planWrite } from '../../src/ingest/plan.js';
import type { PersonContext, PersonEntity } from '../../src/memory/person.js';

const eventTime = new Date('2025-05-14T18:00:00Z');

describe('ended states: what a statement says is over', () => {
  it('names the state, less its verb, its time and the words after it', () => {
    const cases: Array<[string, string[]]> = [
      ["I'm not vegetarian anymore, started eating fish again.", ['vegetarian', 'vegan']],
      ['I stopped being vegan in January, it was too hard.', ['vegan']],
      ["Turns out I'm no longer allergic to cats, I grew out of it.", ['allergic to cats']],
      ["My son isn't allergic to eggs any more!", ['allergic to eggs']],
      ['I no longer work at Tesco.', ['at Tesco']],
      ["I don't live in Leeds anymore.", ['in Leeds']],
      ['I used to be a teacher before I retired.', ['a teacher']],
      ['I used to live in Leeds, then we moved south.', ['in Leeds']],
      // What one eats or drinks again ends the diets without it.
      ["I've started eating meat again, feel so much better.", ['vegetarian', 'vegan', 'pescatarian']],
      ["I'm drinking again, only at weekends.", ['sober']],
    ];
    const said = (text: string, sign: '+' | '-') => endedStateNames(text).flatMap((e) => (e.said === sign ? [e.name] : []));
    for (const [text, names] of cases) expect(said(text, '+'), text).to.deep.equal(names);
    // Eating or drinking again also ends the abstaining: "I don't eat meat", "I don't drink anymore".
    expect(said("I've started eating meat again, feel so much better.", '-')).to.deep.equal(['meat']);
    expect(said("I'm drinking again, only at weekends.", '-')).to.deep.equal(['drink', 'drinking', 'alcohol']);
  });

  it('names nothing for an ability lost, a thing never done, a place only pointed at, or what one ate or drank', () => {
    for (const text of [
      'I can no longer run, my knees are shot.',
      "I can't run anymore.",
      'I never worked at Tesco.',
      "I don't work there anymore.",
      "I don't drink anymore.",
      'I used to smoke twenty a day.',
      'I no longer eat meat.',
      "I'm vegetarian now.",
      'Having a lovely time again.',
    ])
      expect(endedStateNames(text), text).to.deep.equal([]);
  });

  it("makes a home or employer the person's facts say is over a former one, and no other", () => {
    const known = (id: string, name: string, kind: PersonEntity['kind'], relation: PersonEntity['relation']): PersonEntity =>
      ({ id, name, kind, relation, aliases: [], gravity: 0.5, facets: 1 }) as PersonEntity;
    const person: PersonContext = {
      known: [known('me', 'self', 'self', null), known('t', 'Tesco', 'organization', 'employer'), known('l', 'Leeds', 'place', 'home')],
      suppressed: [],
      version: 1,
      injected: [],
    };
    const changes = (text: string) =>
      (planWrite(analyseMessage(text, { speaker: 'user', eventTime, known: person.known }), person).relationChanges ?? []).map(
        (c) => `${c.id} ${c.relation}`,
      );
    expect(changes("I'm not at Tesco anymore, I left in April.")).to.deep.equal(['t former_employer']);
    expect(changes("I don't live in Leeds any more.")).to.deep.equal(['l former_home']);
    expect(changes('I no longer work at Tesco and I never liked Leeds.')).to.deep.equal(['t former_employer']);
    expect(changes('Tesco was busy today, Leeds was rainy.')).to.deep.equal([]);
    // Someone else's job is not the person's.
    expect(changes("My sister doesn't work at Tesco anymore.")).to.deep.equal([]);
  });

  it("keeps a diet ended by a food eaten again from the same statement's constraints and topic", () => {
    const fish = analyseMessage("I've been vegetarian for 15 years but I've started eating fish again.", { speaker: 'user', eventTime, known: [] })
      .facts[0]!;
    expect(fish.categories).to.not.include('constraint');
    expect(fish.topic).to.not.equal('vegetarian diet');
    expect(analyseMessage("I'm vegetarian.", { speaker: 'user', eventTime, known: [] }).facts[0]!.categories).to.include('constraint');
  });

  it('tells a couple that parted from one that may, did not, or split a bill', () => {
    for (const text of ["Jack and I broke up last week, I'm gutted.", "We've separated.", 'He dumped me.', 'The divorce came through on Friday.'])
      expect(saysCoupleParted(text), text).to.equal(true);
    for (const text of ["We're thinking of splitting up.", "We didn't break up, it was a rumour.", 'We split the bill.', 'We nearly broke up.'])
      expect(saysCoupleParted(text), text).to.equal(false);
  });

  it("makes the partner the person parted from a former one, named or the only one, and not a sibling's", () => {
    const jack = { id: 'j', name: 'Jack', kind: 'person', relation: 'partner', aliases: ['boyfriend'], gravity: 0.95, facets: 1 } as PersonEntity;
    const person: PersonContext = {
      known: [{ id: 'me', name: 'self', kind: 'self', relation: null, aliases: [], gravity: 1, facets: 1 } as PersonEntity, jack],
      suppressed: [],
      version: 1,
      injected: [],
    };
    const changes = (text: string) =>
      (planWrite(analyseMessage(text, { speaker: 'user', eventTime, known: person.known }), person).relationChanges ?? []).map(
        (c) => `${c.id} ${c.relation} ${c.summary}`,
      );
    for (const text of ["Jack and I broke up last week, I'm gutted.", 'We broke up last week.', 'Jack dumped me.'])
      expect(changes(text), text).to.deep.equal(["j former_partner Jack (the user's former partner)"]);
    for (const text of ['My sister broke up with her boyfriend.', "We're thinking of splitting up.", 'Jack and I split the bill.'])
      expect(changes(text), text).to.deep.equal([]);
  });
});
