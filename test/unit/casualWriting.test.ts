// Chat as people type it to an assistant: lower case, apostrophes dropped, capitals for joy (issue 18). Invented
// examples; each failed before the analysis restored the writing (src/ingest/analysis/casing.ts).
import { expect } from 'chai';
import { analyseMessage } from '../../src/ingest/analysis/analyse.js';
import { isCasual, namesWritten, withWritingRestored } from '../../src/ingest/analysis/casing.js';
import type { AnalysisContext, EarlierTurn } from '../../src/ingest/analysis/types.js';

// Wednesday, 14 May 2025.
const eventTime = new Date('2025-05-14T18:00:00Z');
const facts = (text: string, extra: Partial<AnalysisContext> = {}) => analyseMessage(text, { speaker: 'user', eventTime, known: [], ...extra }).facts;
const summaries = (text: string, extra: Partial<AnalysisContext> = {}) => facts(text, extra).map((f) => f.summary);
const assistant = (text: string): EarlierTurn => ({ text, speaker: 'assistant' });

describe('casual writing: what the analysis reads', () => {
  it('puts apostrophes back in contractions typed without them, and "I" for "i", whatever the case of the rest', () => {
    expect(withWritingRestored('She doesnt eat meat and i cant cook it anyway.', [])).to.equal("She doesn't eat meat and I can't cook it anyway.");
    // Spellings that are words of their own stay: "its", "were", "well", "ill".
    expect(withWritingRestored('Its fine, we were ill but well now.', [])).to.equal('Its fine, we were ill but well now.');
    expect(withWritingRestored('Bring snacks, i.e. fruit.', [])).to.equal('Bring snacks, i.e. fruit.');
  });

  it('reads a message as casual when at least half its sentences open in lower case', () => {
    expect(isCasual('booked it! flights are on the 3rd.')).to.equal(true);
    expect(isCasual('GOT IT 🎉 first half marathon done. legs are jelly')).to.equal(true);
    expect(isCasual('Booked it! Flights are on the 3rd.')).to.equal(false);
    expect(isCasual('Booked it! Flights are on the 3rd. thanks')).to.equal(false);
  });

  it('gives a casual message capitals at sentence starts, on names the conversation wrote, days, months and first names', () => {
    const names = namesWritten(["Sure! I'd ask Ottoline first, since the Pemberton quote was high."]);
    expect(names).to.include.members(['Ottoline', 'Pemberton']);
    expect(withWritingRestored('ottoline said yes. she starts on monday, and pembertons quote was way over', names)).to.equal(
      "Ottoline said yes. She starts on Monday, and Pemberton's quote was way over",
    );
    // No sentence starts after an abbreviation's stop.
    expect(withWritingRestored('meet at 5 p.m. on friday, my mum will come too', [])).to.equal('Meet at 5 p.m. on Friday, my mum will come too');
    // The tagger's first names, where they stand: not "a mark", "mark my words" or "the will".
    expect(withWritingRestored('im so tired. honestly mark my words, hes gonna quit', [])).to.equal(
      "I'm so tired. Honestly mark my words, he's gonna quit",
    );
    expect(withWritingRestored('left a mark on the wall. jasper thinks its fine', [])).to.equal('Left a mark on the wall. Jasper thinks its fine');
  });

  it('capitalises a word no dictionary has beside a role word: "our neighbour oisin", "tamsin (wife)"', () => {
    expect(withWritingRestored('our neighbour oisin will feed the cat, tamsin (wife) is away', [])).to.equal(
      'Our neighbour Oisin will feed the cat, Tamsin (wife) is away',
    );
    // An ordinary word after a role stays ("my sister lives"), unless the clause's own verb follows it: "my mum jean
    // could", "my dog biscuit ate", not "my son football is his life".
    expect(withWritingRestored('my sister lives in york', [])).to.equal('My sister lives in York');
    expect(withWritingRestored('my mum jean could probably have the kids', [])).to.equal('My mum Jean could probably have the kids');
    expect(withWritingRestored('my dog biscuit ate a sock lol', [])).to.equal('My dog Biscuit ate a sock lol');
    expect(withWritingRestored('my son football is his life tbh', [])).to.equal('My son football is his life tbh');
  });

  it('names the one a role word means by the name it learned, before an "\'s" without brackets', () => {
    const jean = { id: 'k-jean', name: 'Jean', kind: 'person' as const, relation: 'parent' as const, aliases: ['mum'], gravity: 0.8 };
    expect(summaries("mum's having the kids friday to sunday", { known: [jean] })).to.deep.equal([
      "The user's mum Jean's having the kids Friday to Sunday.",
    ]);
  });

  it('capitalises the places the tagger knows, not one that is an ordinary word', () => {
    expect(withWritingRestored('thinking edinburgh? we flew to lisbon last year. staying in bath is nice', [])).to.equal(
      'Thinking Edinburgh? We flew to Lisbon last year. Staying in bath is nice',
    );
  });

  it('takes no list line or table cell opener, no ordinary word of a name of several, nothing also in lower case for a name', () => {
    const names = namesWritten(['Here is a plan:\n- The Old Town walk\n- With a picnic. Take the Morvah Road.\n| Food | £40 |', 'the road is steep']);
    expect(names).to.not.include.members(['The', 'With', 'Old', 'Road', 'Food']);
    expect(names).to.include('Morvah');
    // An ordinary word alone with a capital mid-sentence is a name here: a dog's.
    expect(namesWritten(['Keep Crumble on a lead near the cliffs.'])).to.deep.equal(['Crumble']);
    expect(withWritingRestored('crumble ate a sock again', ['Crumble'])).to.equal('Crumble ate a sock again');
  });

  it('restores a role word\'s possessive "s" before a verb form, and lowers ordinary words typed in capitals', () => {
    expect(withWritingRestored('ok. mums gone into hospital again', [])).to.equal("Ok. Mum's gone into hospital again");
    expect(withWritingRestored('GOT THE JOB 🎉 starting at the NHS trust in june. so happy', [])).to.equal(
      'Got the job 🎉 starting at the NHS trust in June. So happy',
    );
    expect(withWritingRestored('new job in IT. starting monday', [])).to.equal('New job in IT. Starting Monday');
  });
});

describe('casual writing: what is kept from it', () => {
  it('keeps from a lower-case message what the same message with capitals keeps', () => {
    const typed = "disaster. the roofer cant come till friday 😭 jack's hurt his wrist and hes off for a fortnight";
    const written = "Disaster. The roofer can't come till Friday 😭 Jack's hurt his wrist and he's off for a fortnight";
    expect(summaries(typed)).to.deep.equal(summaries(written));
    expect(summaries(typed).join(' ')).to.include("Jack's hurt his wrist");
  });

  it('reads an emoji before a word and its verb as a sentence\'s end: "edinburgh is ON 🎉 mum\'s having the kids"', () => {
    // Had been one sentence filed under Edinburgh, "Edinburgh is ON mum's having …".
    expect(summaries("edinburgh is ON 🎉 mum's having alfie and nell friday to sunday")).to.have.length(2);
    const venue = summaries('its in rotterdam not amsterdam 🤦 venue is the maasport congress centre').join(' ');
    expect(venue).to.match(/Amsterdam\. Venue is/);
    // Nor a stop after the emoji's sentence had one.
    expect(summaries('The marrow was huge!🌟. It weighed 4kg.').join(' ')).to.not.match(/!\s?\./);
    // Not a word that goes on with the sentence.
    expect(summaries('had the best time 😊 with my friends')).to.have.length(1);
  });

  it('knows a name the assistant wrote before, typed in lower case', () => {
    const a = analyseMessage('perfect. wilhelmina loved the idea, shes allergic to sesame though', {
      speaker: 'user',
      eventTime,
      known: [],
      previous: assistant('How about a picnic for Wilhelmina on the beach?'),
    });
    expect(a.entities.find((e) => e.key === a.facts[0]!.subjectKey)?.name).to.equal('Wilhelmina');
    expect(a.facts[0]!.topic).to.equal('Wilhelmina — sesame allergy');
  });

  it('reads "dads fallen again" as the speaker\'s dad', () => {
    const f = facts('dads fallen again, second time this month. hes in the county hospital');
    expect(f[0]!.summary).to.match(/^The user's dad's fallen again/);
  });
});

describe('extraction: whose a possessive subject is', () => {
  it('files "X\'s mum Pauline …" under Pauline, not X', () => {
    const a = analyseMessage("Tariq's mum Rosalind is visiting next week. She has coeliac disease.", { speaker: 'user', eventTime, known: [] });
    const subject = a.entities.find((e) => e.key === a.facts[0]!.subjectKey);
    expect(subject?.name).to.equal('Rosalind');
    const b = analyseMessage("My cousin's husband Ferdie is a farrier.", { speaker: 'user', eventTime, known: [] });
    expect(b.entities.find((e) => e.key === b.facts[0]!.subjectKey)?.name).to.equal('Ferdie');
  });

  it('names whose "his" is when a message opens with it after the person was named, and files it under them', () => {
    const earlier: EarlierTurn[] = [{ text: 'My grandad had a fall on Sunday.', speaker: 'user' }];
    const f = facts('His GP has changed his blood pressure tablets.', { previous: assistant("I'm sorry. How is he doing?"), earlier });
    expect(f).to.have.length(1);
    expect(f[0]!.summary).to.match(/grandad's GP has changed/);
  });
});

describe('extraction: statements that chat leaves short', () => {
  it("keeps what is said of someone's thing before the question about it", () => {
    expect(summaries("Ugh, Imogen's visa runs out in October, is that a problem for Canada?").join(' ')).to.include(
      "Imogen's visa runs out in October",
    );
  });

  it('reads "Did it!!" as an exclamation, not a question', () => {
    expect(summaries('Did it 🎉 first half marathon in 1:58!!').join(' ')).to.include('1:58');
  });

  it('joins a sum or a time with no verb to the sentence before it', () => {
    const s = summaries('I have a savings account from my old job. About 4k in it.');
    expect(s).to.have.length(1);
    expect(s[0]).to.include('About 4k in it');
  });

  it('keeps a body part or thing without its "my", with an adverb before its verb, and what is done', () => {
    expect(summaries('Ankle also aching after the stairs on Tuesday.')).to.have.length(1);
    expect(summaries('Bathroom is done.')).to.have.length(1);
  });
});

describe('extraction: English as a learner may write it', () => {
  it('keeps the subject said twice once, and renders verbs already in the third person as they are', () => {
    expect(summaries('me and my wife we are from Poland, we live in UK since 2015')[0]).to.match(/^The user and the user's wife are from Poland/);
    expect(summaries('my son he have autism, he is 8')[0]).to.match(/^The user's son has autism/);
    expect(summaries('I has diabetes type 2 since 3 years')[0]).to.match(/^The user has diabetes/);
    expect(summaries('i born in Brazil but now living in Portugal')[0]).to.match(/^The user was born in Brazil/);
    // A second verb's "don't" is the speaker's too.
    expect(summaries("I'm a Christian and don't work on Sundays.")).to.deep.equal(["The user is a Christian and doesn't work on Sundays."]);
    expect(facts('i am 45 years, work like driver for Amazon')[0]!.topic).to.equal('age');
  });
});

describe('extraction: renderings of counted groups and topics', () => {
  it('renders "both of us" as "both of them (the user included)", not "both of <name> and others"', () => {
    expect(summaries('The ferry was £40 return for both of us.').join(' ')).to.include('for both of them (the user included)');
    // "4 of them" alone would not say the speaker is one.
    expect(summaries('There are 4 of us.')).to.deep.equal(['There are 4 of them (the user included).']);
    // Not when the speaker is listed right after, nor for "all of us", which is as often everyone.
    expect(summaries("Three of us, me, my partner Marcus and our son Rory who's 4.").join(' ')).to.match(/^Three of them, the user,/);
    expect(summaries("It's important for all of us.").join(' ')).to.not.include('included');
    expect(summaries('I want to surprise her with a weekend away, just us two.')[0]).to.match(/just the two of them \(the user included\)/);
  });

  it('takes no contraction into a topic label', () => {
    for (const text of ["Ravi is keen, I'm about 50/50.", "There'll be 8 of us, Ravi's sister Mina is coming too."])
      expect(facts(text)[0]!.topic, text).to.not.match(/'/);
  });
});
