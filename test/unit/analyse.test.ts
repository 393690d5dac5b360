import { expect } from 'chai';
import fc from 'fast-check';
import { analyseMessage, gravityFor, knownEntitiesIn, splitSentences } from '../../src/ingest/analysis/analyse.js';
import { statementOf } from '../../src/ingest/analysis/sentences.js';
import { planWrite } from '../../src/ingest/plan.js';
import {
  DOMAINS,
  ENTITY_KINDS,
  RELATIONS,
  type Analysis,
  type AnalysisContext,
  type EntityMention,
  type FactCandidate,
  type KnownEntity,
} from '../../src/ingest/analysis/types.js';

// Monday, 8 May 2023.
const eventTime = new Date('2023-05-08T13:56:00Z');
const ctx = (known: KnownEntity[] = [], speaker: AnalysisContext['speaker'] = 'user'): AnalysisContext => ({ speaker, eventTime, known });
const analyse = (text: string, known: KnownEntity[] = [], speaker: AnalysisContext['speaker'] = 'user') => analyseMessage(text, ctx(known, speaker));
const entity = (a: Analysis, key: string): EntityMention => {
  const e = a.entities.find((x) => x.key === key);
  expect(e, `entity ${key} in ${JSON.stringify(a.entities.map((x) => x.key))}`).to.not.equal(undefined);
  return e!;
};
const byName = (a: Analysis, name: string): EntityMention => {
  const e = a.entities.find((x) => x.name.toLowerCase() === name.toLowerCase());
  expect(e, `entity named ${name} in ${JSON.stringify(a.entities.map((x) => x.name))}`).to.not.equal(undefined);
  return e!;
};
const only = (a: Analysis): FactCandidate => {
  expect(a.facts, JSON.stringify(a.facts.map((f) => f.text))).to.have.length(1);
  return a.facts[0]!;
};

const SARAH: KnownEntity = { id: 'k-sarah', name: 'Sarah', kind: 'person', relation: 'spouse', aliases: ['wife'], gravity: 0.95 };
const UNNAMED_WIFE: KnownEntity = { id: 'k-wife', name: 'wife', kind: 'person', relation: 'spouse', aliases: [], gravity: 0.95 };
const MAX: KnownEntity = { id: 'k-max', name: 'Max', kind: 'pet', relation: 'pet', aliases: ['dog'], gravity: 0.7 };
const ACME: KnownEntity = { id: 'k-acme', name: 'Acme', kind: 'organization', relation: 'employer', aliases: ['acme corp'], gravity: 0.85 };

/** Shapes a consumer relies on: keys resolve, dates are calendar dates, enums are ours, numbers in range. */
function assertValid(a: Analysis): void {
  const keys = new Set(a.entities.map((e) => e.key));
  expect(keys.size, 'entity keys are unique').to.equal(a.entities.length);
  for (const e of a.entities) {
    expect(ENTITY_KINDS).to.include(e.kind);
    if (e.relation !== null) expect(RELATIONS).to.include(e.relation);
    expect(e.gravity).to.be.within(0, 1);
    expect(e.name).to.be.a('string').and.not.equal('');
    expect(e.aliases.every((x) => x === x.toLowerCase())).to.equal(true);
  }
  for (const f of a.facts) {
    expect(keys.has(f.subjectKey), `subject ${f.subjectKey}`).to.equal(true);
    for (const k of f.mentionKeys) expect(keys.has(k), `mention ${k}`).to.equal(true);
    expect(f.mentionKeys).to.not.include(f.subjectKey);
    expect(DOMAINS).to.include(f.domain);
    expect(f.topic.length).to.be.within(1, 60);
    expect(f.summary).to.be.a('string').and.not.equal('');
    if (f.eventDate !== null) {
      expect(f.eventDate).to.match(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(f.eventDate))).to.equal(false);
      expect(f.datePrecision).to.be.oneOf(['day', 'week', 'month', 'year']);
    } else expect(f.datePrecision).to.equal(null);
    if (f.interest) expect(f.interest.strength).to.be.within(0, 1);
  }
}

describe('analyse: sentences', () => {
  it('splits chat text: abbreviations, decimals, emoji, "!!", "...", no final punctuation', () => {
    expect(splitSentences('I saw Dr. Smith e.g. on Tuesday. It cost 3.50 dollars!! wow... then we left')).to.deep.equal([
      'I saw Dr. Smith e.g. on Tuesday.',
      'It cost 3.50 dollars!!',
      'wow... then we left',
    ]);
    expect(splitSentences('we named her Biscuit 🐶 I am so happy')).to.deep.equal(['we named her Biscuit 🐶', 'I am so happy']);
    expect(splitSentences('Guess what? I got the job!\nSo happy')).to.deep.equal(['Guess what?', 'I got the job!', 'So happy']);
    expect(splitSentences('Wait... What happened')).to.deep.equal(['Wait...', 'What happened']);
    expect(splitSentences('  ')).to.deep.equal([]);
  });
});

describe('analyse: what is worth remembering', () => {
  it('skips greetings, thanks, acknowledgements and pure questions', () => {
    for (const text of [
      'hi',
      'Hello!',
      'thanks!',
      'thank you so much',
      'lol',
      'ok cool',
      'how are you?',
      'what do you think?',
      'Can you help me with this?',
      "I'll try that",
      'I see',
      'sounds good 👍',
      'The weather is nice today.',
      'ugh Mondays',
      // Agreement, however strongly put.
      'I completely agree.',
      'I fully agree with you.',
      "I couldn't agree more.",
      // What one says to an assistant about the exchange itself.
      "I'll keep that in mind.",
      "Great suggestion, I'll give it a go.",
      "Perfect, that's exactly what I needed.",
      'I absolutely love this answer.',
      "I'm all ears.",
      "I'm done for today, thanks!",
      'Anyway, moving on.',
    ]) {
      expect(analyse(text).facts, text).to.deep.equal([]);
    }
    // The same words with something of the person's in them stay.
    expect(only(analyse("I'm back from Lisbon.")).summary).to.match(/Lisbon/);
    expect(only(analyse("I love that idea for my garden, I'm planting tulips.")).summary).to.match(/tulips/);
  });

  it('skips tasks for the assistant: they are about the work, not the person', () => {
    for (const text of [
      'Write me a poem about the sea',
      'Translate this to Spanish: I love you',
      'Can you summarize my notes?',
      'Please explain how my mortgage works',
      'Remind me about the meeting',
      'Remember when we met?',
      // Asking for what is remembered says nothing of it.
      "Can you remember my mum's address?",
      "Can you remind me my mum's address?",
      "Help me reword this: I'm off sick today",
      'I was wondering, could you help?',
      'Can you write me an email to my landlord?',
      'Can you answer this question?',
      // Help with the work alone says nothing of the person.
      'Help me fix this bug in my code.',
      'Can you help me with my homework?',
      // An order about one answer is a task, not how every answer should be.
      'Use bullet points for this list.',
      'Make a list of groceries.',
      // What follows the task about it ("it") is the task's.
      'Translate this into French, my boss needs it by noon.',
      // … and what the speaker says of the asking.
      'Fix this code, I think there is a bug somewhere.',
      'Write me a cover letter, I need it by Friday.',
    ]) {
      expect(analyse(text).facts, text).to.deep.equal([]);
    }
    // What the speaker says of themself after the task stays.
    expect(only(analyse("Explain things like I'm a beginner, I'm new to coding.")).summary).to.equal('The user is new to coding.');
    expect(only(analyse('Suggest some dinners, my son is allergic to nuts.')).categories).to.include('constraint');
    expect(only(analyse('Help me plan my week, I work 9-5 and have football on Tuesdays.')).summary).to.equal(
      'The user works 9-5 and has football on Tuesdays.',
    );
    // What a pronoun after the task, or a clause of "who", says of the one the task named.
    expect(only(analyse("Suggest a name for my new puppy, she's a black lab.")).summary).to.equal("The user's new puppy is a black lab.");
    expect(only(analyse("Write a birthday message for my colleague Tom who's leaving for Australia.")).summary).to.equal(
      "The user's colleague Tom is leaving for Australia.",
    );
    // A name told after the task, of the one whose day it is; what "we" are.
    const poem = analyse("Write a poem for my wife's 40th, her name is Claire and she loves the sea.");
    expect(only(poem).summary).to.equal("The user's wife's name is Claire and she loves the sea.");
    expect(poem.entities.find((e) => e.name === 'Claire')).to.include({ relation: 'spouse' });
    expect(only(analyse("Explain mortgages to me like I'm 5, we're first time buyers")).summary).to.equal(
      'The user and others are first time buyers.',
    );
    // What follows a colon or a quote is the task's material.
    expect(analyse('Can you make this more professional: "hey guys, I\'m off sick today, back tomorrow"').facts).to.deep.equal([]);
    expect(only(analyse("Give me a workout plan, I'm 45 and haven't exercised in years")).summary).to.equal(
      "The user is 45 and hasn't exercised in years.",
    );
  });

  it('keeps a request about every answer as a constraint: "Can you keep your answers under 100 words?"', () => {
    for (const text of ['Can you keep your answers under 100 words?', 'Could you use fewer emojis?'])
      expect(only(analyse(text)).categories, text).to.include('constraint');
  });

  it('returns an empty analysis for the assistant', () => {
    expect(analyse("I'm allergic to peanuts and my wife Sarah loves hiking.", [SARAH], 'assistant')).to.deep.equal({ entities: [], facts: [] });
  });

  it('keeps a statement wrapped in a question, and first-person statements inside questions', () => {
    const job = only(analyse('Did I tell you I got a new job?'));
    expect(job.summary).to.equal('The user got a new job.');
    expect(job.categories).to.include('life_event');
    const pregnant = only(analyse("Should I tell my boss I'm pregnant?"));
    expect(pregnant.summary).to.equal('The user is pregnant.');
    expect(only(analyse('Guess what, we got engaged!')).categories).to.include('life_event');
    expect(only(analyse('Did you know my sister is a chef?')).summary).to.equal("The user's sister is a chef.");
  });

  it('leaves out asking the listener to tell, unless the speaker says something of theirs in it', () => {
    for (const text of [
      'Let me know if you need any tips to get going!',
      'But anyway, tell me more about your bake sale.',
      "If there's something I can do to help, just let me know.",
      "If there's any other way I can help, just let me know.",
      'If you know anybody who might want to sign up for the tournament, let me know.',
      'Keep me updated on how your renovation is going.',
    ]) {
      expect(analyse(text).facts, text).to.deep.equal([]);
    }
    expect(only(analyse('Let me know if you want to join my book club on Thursdays.')).summary).to.match(/book club/);
  });

  it('leaves out news only announced, and the catch-up before news told', () => {
    for (const text of [
      'So much has happened since we last met!',
      'Something big happened since we last chatted.',
      "There's something I need to tell you.",
      'Been a crazy few days since we spoke.',
      "I've got something to share.",
      'Lots has been going on in my life recently!',
      'Something huge happened since we last chatted.',
      'Been a hectic few days since we spoke.',
      'Lots has been going on in my world recently!',
      // "What" is the news, not yet told.
      'Guess what happened today!',
      'Guess what I did this weekend!',
    ]) {
      expect(analyse(text).facts, text).to.deep.equal([]);
    }
    expect(only(analyse('Since we last spoke, I joined a choir.')).summary).to.equal('The user joined a choir.');
    expect(only(analyse('Guess what, I joined a choir!')).summary).to.equal('The user joined a choir.');
    expect(only(analyse('So guess what I found in the attic: my old guitar!')).summary).to.match(/old guitar/);
    // What is left after the openers is a sentence of its own, also when it joins another.
    expect(statementOf('Since we last spoke, my sister got married.')).to.equal('My sister got married.');
    expect(statementOf('But remember, even tiny gestures can matter a lot.')).to.equal('Even tiny gestures can matter a lot.');
    expect(only(analyse('So much has happened - I was offered a place on a pastry apprenticeship.')).summary).to.equal(
      'The user was offered a place on a pastry apprenticeship.',
    );
    expect(only(analyse("There's a lot going on with the new job: I'm leading the launch.")).summary).to.match(/leading the launch/);
  });

  it('leaves out a question that asks what the listener knows, also after a statement it would join', () => {
    expect(analyse('Do you know any clinics or programs that could help her out?').facts).to.deep.equal([]);
    const said = analyse(
      'It just shows that each person carries their own burdens and deserves kindness. Do you know any clinics or programs that could help her out?',
    );
    expect(only(said).summary).to.equal('It just shows that each person carries their own burdens and deserves kindness.');
  });

  it('keeps constraints, preferences, plans and short first-person facts', () => {
    for (const text of [
      "I'm allergic to peanuts",
      'never call me before 9',
      "I don't eat meat",
      "I'm vegan",
      'I hate mushrooms',
      'We are moving to Lisbon next year',
    ]) {
      expect(analyse(text).facts, text).to.have.length(1);
    }
  });

  it('keeps what someone named only by he, she or they went through, not a passing remark about them', () => {
    expect(only(analyse('She broke her leg, moved twice and had to sell her car.', [], 'other')).summary).to.match(/^She broke her leg/);
    expect(only(analyse('Honestly, they were thrilled about the science museum trip.')).text).to.match(/science museum/);
    for (const text of ['They look great!', 'She is so kind.', 'He seems happy.', 'They were tired.'])
      expect(analyse(text).facts, text).to.have.length(0);
  });

  it('keeps what a thing named only by "it" did or was when the sentence says enough, not a passing remark', () => {
    expect(only(analyse('It covered overdue repairs and upgrades, making the clinic more comfortable.', [], 'other')).summary).to.match(
      /^It covered overdue repairs/,
    );
    for (const text of ['It looks great!', 'It was a wild ride.', "It's so cute."]) expect(analyse(text).facts, text).to.have.length(0);
  });

  it('keeps what is said of "the" thing of the speaker\'s life, not a remark on how something looks or on the listener\'s photo', () => {
    for (const text of [
      "The workshop's doing great!",
      'The coach is lovely too.',
      'The raffle even paid for a brand new scoreboard!',
      "Yeah, the drainage wasn't good so lots of basements were flooded.",
      "Hooray! Tomorrow's launch party will be so much fun.",
      "Last night's show was sold out.",
    ])
      expect(analyse(text).facts, text).to.have.length(1);
    for (const text of ['The kids look so cute.', 'The picture you sent is so moving.', 'The best part!', 'The thing is, yeah.'])
      expect(analyse(text).facts, text).to.have.length(0);
    // Chat drops the article: a singular thing with what happened to it or when is kept, a remark in general is not.
    for (const text of ['Interview went well, they want a second round.', 'Party is on Saturday.', 'Boiler is broken again.'])
      expect(analyse(text).facts, text).to.have.length(1);
    for (const text of ["Music's amazing.", 'Kids are amazingly resilient.', 'Volunteering is a great way to meet people.', "Nothing's decided."])
      expect(analyse(text).facts, text).to.have.length(0);
    // Right after the other party shared a photo, "the colors" are theirs.
    const afterPhoto = analyseMessage('The blues are so deep and the boats are so charming.', {
      ...ctx(),
      previous: { text: 'Look what I painted! [shares a photo: a painting of boats in a harbour]', speaker: 'other', speakerName: 'Bea' },
    });
    expect(afterPhoto.facts).to.have.length(0);
    expect(analyse('The blues are so deep and the boats are so charming.').facts).to.have.length(1);
  });

  it('reads past a reply\'s opening "Yeah," or "Wow!" to the pronoun it is about', () => {
    expect(only(analyse('Yeah, they run loads, like pilates, fencing, and rowing drills.', [], 'other')).text).to.match(/fencing/);
    for (const text of ['Yeah, they look great!', 'Wow! It was a wild ride.']) expect(analyse(text).facts, text).to.have.length(0);
  });

  it('keeps only the sentences that state something in a longer message', () => {
    const a = analyse('Hi! Thanks for the help yesterday. My daughter Emma starts school in September. What should I pack for her lunch?');
    expect(a.facts.map((f) => f.text)).to.deep.equal(['My daughter Emma starts school in September.']);
  });
});

describe('analyse: entities (tier 1: known entities and kinship words)', () => {
  it('resolves "my wife" and "my spouse" to the same known entity', () => {
    const wife = analyse('My wife is pregnant!', [SARAH]);
    const spouse = analyse('My spouse is traveling for work this week', [SARAH]);
    for (const a of [wife, spouse]) {
      const f = only(a);
      expect(f.subjectKey).to.equal('k:k-sarah');
      const e = entity(a, 'k:k-sarah');
      expect(e.existingId).to.equal('k-sarah');
      expect(e.relation).to.equal('spouse');
      expect(e.name).to.equal('Sarah');
    }
    // The known name is added where the sentence only has the role word.
    expect(only(spouse).summary).to.equal("The user's spouse (Sarah) is traveling for work this week (week of 2023-05-08).");
  });

  it('matches known names and aliases case-insensitively, but not common words in lower case', () => {
    const known: KnownEntity[] = [
      { id: 'k-tom', name: 'Tom', kind: 'person', relation: 'friend', aliases: ['tommy'], gravity: 0.5 },
      { id: 'k-will', name: 'Will', kind: 'person', relation: 'friend', aliases: [], gravity: 0.5 },
    ];
    const a = analyse('i went climbing with tommy and i will go again', known);
    expect(only(a).mentionKeys).to.deep.equal(['k:k-tom']);
    expect(a.entities.some((e) => e.existingId === 'k-will')).to.equal(false);
    expect(only(analyse('Will and I went climbing', known)).mentionKeys).to.deep.equal(['k:k-will']);
  });

  it('tells mother from father and one child from another', () => {
    const parents: KnownEntity[] = [{ id: 'k-linda', name: 'Linda', kind: 'person', relation: 'parent', aliases: ['mom'], gravity: 0.85 }];
    const a = analyse('My dad is visiting and my mother stayed home', parents);
    expect(byName(a, 'Linda').existingId).to.equal('k-linda');
    expect(byName(a, 'dad').existingId).to.equal(undefined);
    expect(byName(a, 'dad').relation).to.equal('parent');
    const kids: KnownEntity[] = [
      { id: 'k-tom', name: 'Tom', kind: 'person', relation: 'child', aliases: ['son'], gravity: 0.95 },
      { id: 'k-emma', name: 'Emma', kind: 'person', relation: 'child', aliases: ['daughter'], gravity: 0.95 },
    ];
    expect(only(analyse('My son got into college!', kids)).subjectKey).to.equal('k:k-tom');
    expect(only(analyse('My daughter broke her arm', kids)).subjectKey).to.equal('k:k-emma');
    // Owning up to a mistake opens what is put right; it is no statement of the speaker's.
    expect(only(analyse('Actually I got that wrong earlier, my son is 12 not 11.', kids)).subjectKey).to.equal('k:k-tom');
    // "my kid" could be either: a new unresolved mention rather than a wrong guess.
    const either = analyse('My kid is sick today', kids);
    expect(entity(either, only(either).subjectKey)).to.include({ name: 'kid', relation: 'child' });
    expect(either.entities.some((e) => e.existingId)).to.equal(false);
  });
});

describe('analyse: entities (tier 2: patterns)', () => {
  it('names a known unnamed relation: "my wife Sarah" renames the known "wife"', () => {
    for (const text of [
      'My wife Sarah got a promotion today',
      'Sarah, my wife, is pregnant',
      'my wife, Sarah, hates cilantro',
      "my wife's name is Sarah",
    ]) {
      const a = analyse(text, [UNNAMED_WIFE]);
      const e = entity(a, 'k:k-wife');
      expect(e, text).to.include({ name: 'Sarah', relation: 'spouse', existingId: 'k-wife', renames: true });
      expect(e.aliases, text).to.include('wife');
      expect(only(a).subjectKey, text).to.equal('k:k-wife');
    }
  });

  /** The people a message names, with the relation each was given, by name. */
  const peopleOf = (text: string) =>
    analyse(text)
      .entities.filter((e) => e.kind === 'person')
      .map((e) => [e.name, e.relation] as const)
      .sort(([a], [b]) => a.localeCompare(b));
  const expectPeople = (text: string, names: readonly string[], relation: string) =>
    expect(peopleOf(text), text).to.deep.equal(names.map((n) => [n, relation]));

  it('gives each name of a list after a plural role the role: "my kids Maya and Leo", "my sons, Jake and Ben"', () => {
    expectPeople('My kids Maya and Leo love the beach.', ['Leo', 'Maya'], 'child');
    expectPeople('My sons, Jake and Ben, play soccer.', ['Ben', 'Jake'], 'child');
    expectPeople('My sisters Ana, Bea and Cleo live in Porto.', ['Ana', 'Bea', 'Cleo'], 'sibling');
    expectPeople('My boys Leo and Max love soccer.', ['Leo', 'Max'], 'child');
    // A word for how they are, before the role.
    expect(analyse("I'm the main carer for my disabled brother.").entities.find((e) => e.relation === 'sibling')).to.include({ name: 'brother' });
    expect(analyse('My elderly mum Doreen lives with us.').entities.find((e) => e.name === 'Doreen')).to.include({ relation: 'parent' });
    expectPeople('Our twins, Mia and Noah, start school in the fall.', ['Mia', 'Noah'], 'child');
    // Ages after the names, without brackets or commas.
    expectPeople('My kids Ella 9 and Jack 6 love swimming.', ['Ella', 'Jack'], 'child');
    // Where one knows them from, before the name.
    expect(byName(analyse('My best friend from uni, Hannah, just moved to Melbourne.'), 'Hannah')).to.include({ relation: 'best_friend' });
    // A spouse or partner by the names people give them at home; "the other half" of a bill is no one.
    for (const [text, role, relation] of [
      ['My other half is a chef so I never cook.', 'other half', 'partner'],
      ['My better half is Sikh, so no beef at home.', 'better half', 'partner'],
      ['Me and the wife are celebrating 25 years married next month.', 'wife', 'spouse'],
      ['The missus wants a dog but I am not sure.', 'missus', 'spouse'],
      ["Hubby's birthday is on the 9th and he wants a new bike.", 'hubby', 'spouse'],
    ] as const)
      expect(byName(analyse(text), role), text).to.include({ kind: 'person', relation });
    expect(analyse('Rent is £1,050 but I pay half, Tomasz pays the other half.').entities.filter((e) => e.relation === 'partner')).to.deep.equal([]);
    // A role word ending in an accented letter.
    expect(byName(analyse('My fiancé Rhys is Welsh so we want some Welsh touches.'), 'Rhys')).to.include({ relation: 'partner' });
    // … which every rule reads as it reads the word unaccented: "fiancé's mum" is no mother of the speaker's, "Can you help
    // me plan a surprise for my fiancé?" is kept, and "my fiancé loves jazz" is a preference.
    const folded = (a: Analysis) => JSON.stringify(a).replace(/é/g, 'e');
    for (const text of [
      "My fiancé's mum is coming to stay for a week.",
      'Can you help me plan a surprise for my fiancé? He loves jazz.',
      'My fiancé is from Cork and he hates the rain.',
    ])
      expect(folded(analyse(text)), text).to.equal(folded(analyse(text.replace(/é/g, 'e'))));
    // "single mum" after "I'm" is what the speaker is, not their mother.
    expect(
      analyse("Ok so context: I'm 41, single mum of one, work part time in Swindon.").entities.filter((e) => e.relation === 'parent'),
    ).to.deep.equal([]);
    // Godchildren are family.
    expect(byName(analyse('My godson Finn turns 18 next week.'), 'Finn')).to.include({ kind: 'person', relation: 'relative' });
  });

  it('a word that is also a name opening "X\'s got …" is someone, a season is not', () => {
    expect(byName(analyse("Lily's got chickenpox so I'm off work all week."), 'Lily')).to.include({ kind: 'person' });
    expect(analyse("Spring's got me feeling hopeful.").entities.filter((e) => e.kind !== 'self')).to.deep.equal([]);
    // "'s decided" is has decided: the vegetarian is Tilly, not the speaker.
    const tilly = analyse("Tilly's decided she's vegetarian now, so I'm learning to cook lentils.");
    expect(tilly.entities.find((e) => e.key === only(tilly).subjectKey)?.name).to.equal('Tilly');
    expect(analyse("Rent's gone up again.").entities.filter((e) => e.kind !== 'self')).to.deep.equal([]);
  });

  it('a company that provides something of the household is an organization, not a person or a place', () => {
    for (const [text, name] of [
      ['Our mortgage is with Nationwide, fixed until 2027.', 'Nationwide'],
      ['Broadband is Virgin but it keeps dropping out.', 'Virgin'],
      ['I bank with Monzo and love the app.', 'Monzo'],
      ["I've switched to Octopus for energy, the bills are way lower now.", 'Octopus'],
      ['Just signed up with Bupa for health cover through work.', 'Bupa'],
      ["I'm moving my pension to Vanguard.", 'Vanguard'],
      // A lender named like a town.
      ['We just remortgaged with Halifax at 4.2%, fixed for five years.', 'Halifax'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind: 'organization' });
    // A person one is with stays a person.
    expect(byName(analyse('I went to the cinema with Rowan.'), 'Rowan')).to.include({ kind: 'person' });
  });

  it('reads what one says one has as one\'s own: "I have two kids, Maya and Leo", "we\'ve got a son named Theo", "I have a boyfriend, Sam"', () => {
    expectPeople("I have two kids, Maya who's 7 and Leo who's 4.", ['Leo', 'Maya'], 'child');
    // Ages in brackets, as a list is often written.
    expectPeople('I have two kids, Maya (7) and Leo (4).', ['Leo', 'Maya'], 'child');
    expectPeople('My kids, Sam (8), Ella (5) and Leo (2), are obsessed with dinosaurs.', ['Ella', 'Leo', 'Sam'], 'child');
    // After a colon, each with an age.
    expectPeople("We've got three kids: Amara is 14, Tunde is 10 and little Zainab is 3.", ['Amara', 'Tunde', 'Zainab'], 'child');
    expectPeople("We've got a son named Theo.", ['Theo'], 'child');
    // Pets got or adopted, named by a list.
    const pets = (text: string) =>
      analyse(text)
        .entities.filter((e) => e.relation === 'pet')
        .map((e) => e.name)
        .sort();
    expect(pets('We got two guinea pigs called Biscuit and Ginger.')).to.deep.equal(['Biscuit', 'Ginger']);
    // One lived with, named after a place first; an animal called something is a pet, whoever's.
    expect(pets('We live in a two-bed flat in Glasgow with a cat called Mochi.')).to.deep.equal(['Mochi']);
    expect(analyse('We went to the park with a dog called Rex.').entities.find((e) => e.name === 'Rex')).to.include({ kind: 'pet', relation: null });
    expect(pets('We adopted two cats from the shelter, Salt and Pepper')).to.deep.equal(['Pepper', 'Salt']);
    expect(pets('We adopted two cats from the shelter last week.')).to.deep.equal(['cats']);
    // … or each with its kind, however many the list has.
    expect(pets("I've got two dogs, a collie called Skye and a spaniel called Bramble.")).to.deep.equal(['Bramble', 'Skye', 'dogs']);
    expect(pets('We have a cat called Luna, a dog called Max and a rabbit called Thumper.')).to.deep.equal(['Luna', 'Max', 'Thumper']);
    expectPeople('I have a boyfriend, Sam.', ['Sam'], 'partner');
    expect(peopleOf("I have a doctor's appointment on Friday.")).to.deep.equal([]);
    // A name after a comma is still an address where nothing says otherwise.
    expect(peopleOf('Thanks for the advice, Sam.')).to.deep.equal([]);
  });

  it("files one's own birth under who one is, not as an event of now (it would outrank every answer)", () => {
    expect(only(analyse('I was born on the 3rd of March.')).categories).to.deep.equal(['identity']);
    expect(only(analyse('My niece was born last week.')).categories).to.include('life_event');
  });

  it('reads an illness only in its words: a brush stroke is none', () => {
    expect(only(analyse('Every stroke holds a piece of my heart.')).categories).to.not.include('health');
    expect(only(analyse('My grandpa had a stroke last year.')).categories).to.include('health');
  });

  it('reads an age only where no unit follows the number', () => {
    for (const text of ["I'm 5 months into learning the guitar.", "I'm 100% behind the plan."]) {
      const f = only(analyse(text));
      expect(f.categories, text).to.not.include('identity');
      expect(f.topic, text).to.not.equal('age');
    }
    // A height is who one is too, but no age.
    expect(only(analyse("I'm 6 feet tall.")).topic).to.equal('height');
    for (const text of ["I'm 34.", 'I am 29 years old.', 'im 40 and tired']) expect(only(analyse(text)).topic, text).to.equal('age');
  });

  it('files languages, software and names spelled like products as such: "answer in Spanish" names no place, "TypeScript" no person', () => {
    expect(analyse('Please always answer in Spanish.').entities.find((e) => e.name === 'Spanish')).to.include({ kind: 'concept' });
    // A language as one people speaks it, and the peoples the lexicon does not know as such.
    for (const [text, name] of <Array<[string, string]>>[
      ['Please always reply in British English.', 'British English'],
      ['Can you always write in Brazilian Portuguese?', 'Brazilian Portuguese'],
      ["I'm learning Irish.", 'Irish'],
    ])
      expect(
        analyse(text).entities.find((e) => e.name === name),
        text,
      ).to.include({ kind: 'concept' });
    expect(analyse('My friend Dawn French is coming.').entities.find((e) => e.name === 'Dawn French')).to.include({ kind: 'person' });
    // A fan of a club is a club's, of someone by their name a person's.
    expect(analyse("I'm a huge fan of Agatha Christie, I've read all her books.").entities.find((e) => e.name === 'Agatha Christie')).to.include({
      kind: 'person',
    });
    expect(analyse("I'm a big fan of Arsenal.").entities.find((e) => e.name === 'Arsenal')).to.include({ kind: 'organization' });
    // A name that is a word too, by what only someone does or by the name it is paired with; whom one visits by a
    // first name.
    const finn = analyse('Finn has a cold.');
    expect(finn.entities.find((e) => e.name === 'Finn')).to.include({ kind: 'person' });
    expect(finn.facts).to.have.length(1);
    expect(analyse("My brother has two kids, Finn and Rosie, they're 4 and 6.").entities.find((e) => e.name === 'Finn')).to.include({
      kind: 'person',
    });
    const visited = analyse('We visited Sarah and Tom.');
    expect(visited.entities.find((e) => e.name === 'Sarah')).to.include({ kind: 'person' });
    expect(visited.facts[0]!.domain).to.not.equal('travel');
    expect(analyse('We visited Georgia last summer.').entities.find((e) => e.name === 'Georgia')).to.include({ kind: 'place' });
    // A stay counted in days, nights or weeks is a trip ("spending" is no money spent), a stay in hospital none.
    for (const text of [
      "We're spending a week in Crete in June.",
      'Two nights in Paris for our anniversary!',
      'I need a packing list for a week in Iceland in February.',
    ])
      expect(analyse(text).facts[0]!.domain, text).to.equal('travel');
    expect(analyse('I spent three weeks in Leeds General Infirmary.').facts[0]!.domain).to.not.equal('travel');
    // A place named after "the" is a trip's when the name is a known place's, and a pub's is none.
    for (const text of [
      'We went to the Maldives last year.',
      'We spent a week in the Scottish Highlands.',
      "I'm planning a trip to the Lake District.",
    ])
      expect(analyse(text).facts[0]!.domain, text).to.equal('travel');
    expect(analyse('We went to the Red Lion for lunch.').facts[0]!.domain).to.not.equal('travel');
    // Where one lives with flatmates, or on a boat, is home.
    expect(analyse('I live with two flatmates in Hackney.').entities.find((e) => e.name === 'Hackney')).to.include({ relation: 'home' });
    expect(analyse('We live on a narrowboat.').facts[0]!.domain).to.equal('home');
    // A school or a church one goes to is no trip.
    for (const text of ["We're Catholic and the kids go to St Mary's primary.", "We go to St Peter's church every Sunday."])
      expect(analyse(text).facts[0]!.domain, text).to.not.equal('travel');
    expect(analyse('I use VS Code and TypeScript at work.').entities.find((e) => e.name === 'TypeScript')).to.include({ kind: 'product' });
    // The speaker described as a parent has no parent named by it.
    expect(analyse("I'm a stay at home mum.").entities.filter((e) => e.kind !== 'self')).to.deep.equal([]);
    // A newborn's "mum and baby" is no parent of the speaker's.
    expect(
      analyse('My grandson Alfie was born on Tuesday, 7lb 2oz, mum and baby doing well.').entities.filter((e) => e.relation === 'parent'),
    ).to.deep.equal([]);
    // A time's name is no one's: "Dry January", "Black Friday", "Good Friday".
    for (const text of ["I'm doing Dry January.", 'I bought it on Black Friday.', 'We drive down on Good Friday.'])
      expect(
        analyse(text).entities.filter((e) => e.kind !== 'self'),
        text,
      ).to.deep.equal([]);
    // A degree is no one ("a PhD" is a title after a name to the lexicon).
    expect(analyse("I've just started a PhD in marine biology at Plymouth.").entities.find((e) => e.name === 'PhD')).to.include({ kind: 'concept' });
    // A scale asked for is no surname.
    expect(analyse("I'm in Australia so please use metric and Celsius.").entities.find((e) => e.name === 'Celsius')).to.include({ kind: 'concept' });
    expect(analyse('We ate with DeShawn at the diner.').entities.find((e) => e.name === 'DeShawn')).to.include({ kind: 'person' });
    // Software named to an assistant is no person or place, whatever the words around it suggest.
    expect(analyse("I'm a junior dev, mostly React and Node, about a year in.").entities.find((e) => e.name === 'Node')).to.include({
      kind: 'product',
    });
    const switched = analyse('I switched from Python to Rust last year.').entities;
    for (const name of ['Python', 'Rust'])
      expect(
        switched.find((e) => e.name === name),
        name,
      ).to.include({ kind: 'product' });
    // What one drives, or a make with its year, is a car, not a company.
    expect(analyse("I drive a 2015 Honda Jazz, it's on its last legs.").entities.find((e) => e.name === 'Honda Jazz')).to.include({
      kind: 'product',
    });
    expect(analyse('My wife drives an old Volvo.').entities.find((e) => e.name === 'Volvo')).to.include({ kind: 'product' });
    expect(analyse('I drove Sarah to the airport.').entities.find((e) => e.name === 'Sarah')).to.include({ kind: 'person' });
  });

  it('files what "a … called X" names by what it is said to be, and a first name one is in or near as a place', () => {
    for (const [text, name, kind] of [
      ['My friend works for a company called Orbit.', 'Orbit', 'organization'],
      ['I use an app called Calmly to meditate.', 'Calmly', 'product'],
      ["I'm reading a book called Piranesi.", 'Piranesi', 'concept'],
      ['Just outside Glasgow, in a little town called Milngavie.', 'Milngavie', 'place'],
      ['We just bought a house in Austin.', 'Austin', 'place'],
      ['We spent a week in Charlotte visiting family.', 'Charlotte', 'place'],
      ['I met Austin at the gym.', 'Austin', 'person'],
      ['I confided in Charlotte about it.', 'Charlotte', 'person'],
      ["I'm in Jordan's class.", 'Jordan', 'person'],
      // Going to someone's relative is going to a person.
      ["The dog can go to Priya's brother Sanjay.", 'Priya', 'person'],
      ["We're flying to Leo's sister in Lyon.", 'Lyon', 'place'],
      // An unknown name before a common noun names a kind of it; a named "the puppy" is a pet.
      ["I'm thinking about switching careers to UX design.", 'UX', 'concept'],
      ['I signed up for Zumba classes.', 'Zumba', 'concept'],
      ['Went hiking with Marco today.', 'Marco', 'person'],
      // A school by the word its name ends in.
      ['My wife is a teacher at Lincoln Elementary.', 'Lincoln Elementary', 'organization'],
      ['Our son goes to Sunnyside Preschool.', 'Sunnyside Preschool', 'organization'],
      // What something of the speaker's is called, a title's article included.
      ['My band is called The Foxes.', 'The Foxes', 'project'],
      ['Our podcast is called Tiny Wins.', 'Tiny Wins', 'project'],
      // A team one supports, not its city.
      ['I support Liverpool.', 'Liverpool', 'organization'],
      // A place by the word before or after its name.
      ['Went hiking with my dog at Mt. Tam.', 'Mt. Tam', 'place'],
      ['We camped at Zion National Park.', 'Zion National Park', 'place'],
      // Also when the place's first word opens the sentence.
      ['The Isle of Skye is my favourite place.', 'Isle of Skye', 'place'],
      ['Mount Everest is on my list.', 'Mount Everest', 'place'],
      ['We named the puppy Waffles.', 'Waffles', 'pet'],
      // A breed's capitalised first word is no name of its own.
      ["I've got a Border collie named Skye.", 'Skye', 'pet'],
      ['We have a Persian cat called Mochi.', 'Mochi', 'pet'],
      // The animal one lives with, after the people.
      ['I live with two flatmates and a cat named Pickle.', 'Pickle', 'pet'],
      // Letters in capitals name a thing, not someone, even after "with".
      ['I have 3 years of experience with Excel and SQL.', 'SQL', 'concept'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind });
    for (const [text, word] of [
      ["I've got a Border collie named Skye.", 'Border'],
      ['We have a Persian cat called Mochi.', 'Persian'],
    ] as const)
      expect(
        analyse(text).entities.map((e) => e.name),
        text,
      ).to.not.include(word);
  });

  it("a thing of the speaker's that only names a club, a group, a night or a shop is no project or product of theirs", () => {
    for (const [text, word] of [
      ['My book club meets on Thursdays.', 'book'],
      ['Our game night was fun.', 'game'],
      ['My band group chat is chaos.', 'band'],
      ['I finally opened my bike shop!', 'bike'],
    ] as const)
      expect(
        analyse(text).entities.map((e) => e.name),
        text,
      ).to.not.include(word);
    expect(byName(analyse('My book is finally out.'), 'book')).to.include({ kind: 'project' });
  });

  it('names given to the pet, child or anyone a question asked about, or to a group named before, are theirs', () => {
    const answer = (question: string, text: string) =>
      analyseMessage(text, { ...ctx([], 'user'), previous: { text: question, speaker: 'assistant' } }).entities;
    const of = (es: EntityMention[], name: string) => es.find((e) => e.name === name);
    expect(of(answer('Do you have any pets?', 'I have one anyway, her name is Juno.'), 'Juno')).to.include({ kind: 'pet', relation: 'pet' });
    expect(of(answer('Do you have a dog?', 'Yes, his name is Rufus.'), 'Rufus')).to.include({ kind: 'pet', relation: 'pet' });
    expect(of(answer('Do you have kids?', 'One, her name is Mia.'), 'Mia')).to.include({ kind: 'person', relation: 'child' });
    const dogs = answer('Do you have any dogs?', 'Two! Their names are Biscuit and Pepper.');
    for (const name of ['Biscuit', 'Pepper']) expect(of(dogs, name), name).to.include({ kind: 'pet', relation: 'pet' });
    const kids = analyse('My kids are called Mia, Leo and Ada.').entities;
    for (const name of ['Mia', 'Leo', 'Ada']) expect(of(kids, name), name).to.include({ kind: 'person', relation: 'child' });
    // Anyone a question asks about by their role.
    expect(of(answer("What's your sister's name?", 'Her name is Ines.'), 'Ines')).to.include({ kind: 'person', relation: 'sibling' });
    expect(of(answer('Who is your best friend?', 'Her name is Priya.'), 'Priya')).to.include({ kind: 'person', relation: 'best_friend' });
    // A mate is a friend, a best mate a best friend.
    expect(byName(analyse('My best mate Jonno just had twins!'), 'Jonno')).to.include({ kind: 'person', relation: 'best_friend' });
    // Several asked for at once: each is named.
    const kidsNamed = answer("What are your kids' names?", 'Maya and Leo');
    for (const name of ['Maya', 'Leo']) expect(of(kidsNamed, name), name).to.include({ kind: 'person', relation: 'child' });
    // … or what they are called.
    expect(of(answer("What's your dog called?", "Pepper, she's a rescue collie cross."), 'Pepper')).to.include({ kind: 'pet', relation: 'pet' });
    const cats = answer('What are your cats called?', 'Salt and Pepper.');
    for (const name of ['Salt', 'Pepper']) expect(of(cats, name), name).to.include({ kind: 'pet', relation: 'pet' });
    // … and the one just spoken of by a role word, in a sentence before.
    const wedding = analyse("Can you help me write a speech for my best friend's wedding? Her name is Claire, we met at uni.").entities;
    expect(of(wedding, 'Claire')).to.include({ kind: 'person', relation: 'best_friend' });
    expect(wedding.map((e) => e.name)).to.not.include('best friend');
    expect(of(analyse('My new manager started today. His name is Raj.').entities, 'Raj')).to.include({ relation: 'manager' });
    // A name with a title is no baby's or pet's.
    const landlord = analyse('Can you help me write to my landlord? We have a newborn. His name is Mr Davies.').entities;
    expect(of(landlord, 'Mr Davies')?.relation).to.not.equal('child');
    expect(landlord.map((e) => e.name)).to.include('newborn');
    // Names in brackets after children, ages between them.
    const four = analyse('There are four of us - me, my husband Tom, and our two kids (Ella, 9, and Jack, 6).').entities;
    for (const name of ['Ella', 'Jack']) expect(of(four, name), name).to.include({ kind: 'person', relation: 'child' });
  });

  it('a step-parent is a parent, and not the parent "my mum" names', () => {
    expect(byName(analyse('My stepdad Gareth is a plumber.'), 'Gareth')).to.include({ kind: 'person', relation: 'parent' });
    const both = analyse('My stepmum lives in Leeds. My mum lives in York.').entities.filter((e) => e.relation === 'parent');
    expect(both.map((e) => e.name).sort()).to.deep.equal(['mum', 'stepmum']);
  });

  it('"my eldest", "our youngest" are children; before a noun ("my oldest friend") a modifier', () => {
    expect(byName(analyse('My eldest, Freya, starts school in September.'), 'Freya')).to.include({ kind: 'person', relation: 'child' });
    expect(analyse('Our youngest turned five on Sunday.').entities.find((e) => e.relation === 'child')).to.include({ kind: 'person' });
    expect(byName(analyse('My oldest friend Sam is visiting.'), 'Sam')).to.include({ relation: 'friend' });
    expect(analyse('My youngest brother lives in Leeds.').entities.filter((e) => e.relation === 'child')).to.deep.equal([]);
    // Two ranks are two children; a rank and "my daughter" may be one.
    const two = analyse('My eldest is at Leeds uni and my youngest is doing her GCSEs.');
    expect(two.entities.filter((e) => e.relation === 'child')).to.have.length(2);
    expect(new Set(two.facts.map((f) => f.subjectKey)).size).to.equal(2);
    expect(
      analyse('My eldest, Freya, starts uni in September. My daughter is so excited.').entities.filter((e) => e.relation === 'child'),
    ).to.have.length(1);
  });

  it('an age before the role word keeps the role ("my 10 year old nephew"); with no noun after it, "my 16 year old" is a child', () => {
    expect(byName(analyse('My 10 year old nephew loves Lego.'), 'nephew')).to.include({ kind: 'person', relation: 'relative' });
    expect(byName(analyse("My two-year-old daughter won't sleep through the night."), 'daughter')).to.include({ relation: 'child' });
    expect(analyse('My 16 year old is learning to drive.').entities.find((e) => e.relation === 'child')).to.include({ kind: 'person' });
    expect(only(analyse("My 3 year old won't eat vegetables.")).subjectKey).to.not.equal('self');
    expect(analyse('My 10 year old car broke down.').entities.filter((e) => e.relation === 'child')).to.deep.equal([]);
  });

  it('"moving on" is no move', () => {
    for (const text of ["I'm finally moving on from my old job.", "Anyway, I'm moving on to the next question."])
      for (const f of analyse(text).facts) expect(f.categories, text).to.not.include('life_event');
    expect(only(analyse("I'm moving to Leeds next month.")).categories).to.include('life_event');
  });

  it('"Their …" after the sentence that names them is about them: one memory', () => {
    const facts = analyse('My grandparents are the reason I keep going. Their stories make me brave.').facts;
    expect(facts).to.have.length(1);
    expect(facts[0]!.summary)
      .to.match(/grandparents/)
      .and.to.match(/Their stories/);
  });

  it('reads "Tom is my coworker" as naming the coworker: one entity, whose own facts are filed under him', () => {
    for (const [text, name, relation, topic] of [
      ['Tom is my coworker. He loves spicy food.', 'Tom', 'coworker', 'Tom — coworker'],
      ["Tom's my best friend.", 'Tom', 'best_friend', 'Tom — best friend'],
      ['Dave was my manager at Acme.', 'Dave', 'manager', 'Dave — manager'],
      ['Jordan is my roommate.', 'Jordan', 'roommate', 'Jordan — roommate'],
      ['Gareth is my landlord.', 'Gareth', 'landlord', 'Gareth — landlord'],
      // The other way round: "My sister is Priya", ending the clause at the name.
      ["My manager is Sarah and she's great.", 'Sarah', 'manager', 'Sarah — manager'],
      ['My sister is Priya.', 'Priya', 'sibling', 'Priya — sister'],
      ["My best friend is Aoife, she's a nurse.", 'Aoife', 'best_friend', 'Aoife — best friend'],
    ] as const) {
      const a = analyse(text);
      const people = a.entities.filter((e) => e.kind === 'person');
      expect(
        people.map((e) => [e.name, e.relation]),
        text,
      ).to.deep.equal([[name, relation]]);
      expect(
        a.facts.every((f) => f.subjectKey === people[0]!.key),
        text,
      ).to.equal(true);
      expect(a.facts[0]!.topic, text).to.equal(topic);
    }
    // What someone is, said after "is", names no one; a pet's name may be an ordinary word.
    for (const text of ['My dad is Irish.', 'My wife is Catholic.', 'My husband is Italian, we met in Rome.'])
      expect(
        analyse(text)
          .entities.filter((e) => e.kind === 'person')
          .map((e) => e.name),
        text,
      ).to.have.members([text.match(/^My (\w+)/)![1]!]);
    expect(byName(analyse('My dog is Biscuit.'), 'Biscuit')).to.include({ kind: 'pet', relation: 'pet' });
    // A landlord named after a question about them is theirs.
    expect(byName(analyse('Can you remind me what my landlord said about the deposit? His name is Gareth.'), 'Gareth')).to.include({
      relation: 'landlord',
    });
    // Several, said with "are".
    const flatmates = analyse('My flatmates are Chloe and Sam.');
    for (const name of ['Chloe', 'Sam']) expect(byName(flatmates, name), name).to.include({ kind: 'person', relation: 'roommate' });
    // A teenager of one's own is a child; "like a teenager" and "my teen years" name none.
    expect(byName(analyse('My teenager is glued to his phone.'), 'teenager')).to.include({ kind: 'person', relation: 'child' });
    expect(analyse('I keep checking my phone like a teenager.').entities.filter((e) => e.kind === 'person')).to.deep.equal([]);
    // "This is my wife", "Today is my mom's birthday": no name before the role.
    expect(
      analyse('This is my wife, she is a nurse.')
        .entities.filter((e) => e.kind === 'person')
        .map((e) => e.name),
    ).to.deep.equal(['wife']);
    expect(
      analyse("Today is my mom's birthday.")
        .entities.filter((e) => e.kind === 'person')
        .map((e) => e.name),
    ).to.deep.equal(['mom']);
  });

  it('reads a bare "called" after a person as the verb unless a name follows: "my mom called last night" names no one', () => {
    for (const text of ['My mom called last night.', 'My friend called me yesterday.'])
      expect(
        analyse(text)
          .entities.filter((e) => e.kind === 'person')
          .map((e) => e.name),
        text,
      ).to.deep.equal([text.includes('mom') ? 'mom' : 'friend']);
    expect(byName(analyse('I have a friend called Sarah.'), 'Sarah')).to.include({ relation: 'friend' });
    expect(byName(analyse('Our dog is called biscuit.'), 'biscuit')).to.include({ kind: 'pet' });
  });

  it('creates one entity for "Sarah, my wife" without known entities, and finds her again as "my wife"', () => {
    const a = analyse('My wife Sarah loves hiking. My wife is also a great cook!');
    expect(a.entities.filter((e) => e.kind !== 'self')).to.have.length(1);
    const sarah = byName(a, 'Sarah');
    expect(sarah).to.include({ kind: 'person', relation: 'spouse' });
    expect(sarah.renames).to.equal(undefined);
    expect(sarah.aliases).to.deep.equal(['wife']);
    expect(sarah.gravity).to.be.greaterThan(0.95); // mentioned twice
    expect(a.facts.map((f) => f.subjectKey)).to.deep.equal([sarah.key, sarah.key]);
    expect(a.facts[1]!.summary).to.equal("The user's wife (Sarah) is also a great cook.");
  });

  it("files the speaker's plan under the speaker, whatever places it names", () => {
    const plan = only(analyse('ok so the plan is: train to Paris friday, then Lyon on sunday, back home tuesday'));
    expect(plan.subjectKey).to.equal('self');
    expect(plan.eventDate).to.equal('2023-05-12');
    // A place that does something is still the subject.
    expect(only(analyse('Lyon is lovely in the spring')).subjectKey).to.not.equal('self');
  });

  it("says which home or employer is the speaker's now, in place of the one before", () => {
    const held = (text: string) => (analyse(text).heldNow ?? []).map((h) => `${h.key} ${h.relation}`);
    expect(held('We moved to Bath last week')).to.deep.equal(['place:bath home']);
    expect(held('I just started a new job at Aldi!')).to.deep.equal(['organization:aldi employer']);
    expect(held('I joined Monzo in March')).to.deep.equal(['organization:monzo employer']);
    // A dropped "I" after an opening "Just" is still the speaker's.
    expect(held('Just started a new job at Aldi, so much better.')).to.deep.equal(['organization:aldi employer']);
    // A job left is no longer the speaker's: that employer alone ends; a job left for another names the other.
    expect(held('I quit my job at Tesco')).to.deep.equal(['organization:tesco employer']);
    expect(analyse('I quit my job at Tesco').heldNow?.[0]?.left).to.equal(true);
    expect(byName(analyse('I quit my job at Tesco'), 'Tesco').relation).to.equal(null);
    expect(held('I left Google and joined a startup called Finch')).to.deep.equal(['organization:finch employer']);
    expect(held('My sister quit her job at Tesco')).to.deep.equal([]);
    expect(held('I handed in my notice at Tesco today')).to.deep.equal(['organization:tesco employer']);
    expect(held('I was made redundant from Argos')).to.deep.equal(['organization:argos employer']);
    expect(held('I used to work at Tesco')).to.deep.equal(['organization:tesco employer']);
    expect(held('I no longer work at Tesco')).to.deep.equal(['organization:tesco employer']);
    // Held beside others, ahead, offered, or someone else's: nothing ends.
    for (const text of [
      'I work at Tesco',
      'I have a new job offer from Aldi',
      'My sister started at Aldi',
      'I used to live in Leeds',
      'We are moving to Bristol next month',
      'My sister moved to Leeds',
    ])
      expect(held(text), text).to.deep.equal([]);
  });

  it('finds employers, schools, homes and hometowns', () => {
    const work = analyse('I work at Acme', [ACME]);
    expect(only(work)).to.include({ subjectKey: 'self', topic: 'job at Acme', domain: 'work' });
    expect(only(work).mentionKeys).to.deep.equal(['k:k-acme']);
    expect(only(work).categories).to.include('identity');
    const employers: Array<[string, string]> = [
      ['I got hired by Shopify!', 'Shopify'],
      ["I'm a nurse at St. Luke's", "St. Luke's"],
      ['I start my new job at Stripe next Monday', 'Stripe'],
      ['I work for Globex Corporation', 'Globex Corporation'],
      ['I work remotely for Stripe', 'Stripe'],
      ['I work for a fintech startup called Ledgerly', 'Ledgerly'],
      ["I'm a senior engineer at Stripe", 'Stripe'],
      ['I just started a new job as a barista at Blue Bottle', 'Blue Bottle'],
      ["I'm a nurse, I work nights at St. Mary's", "St. Mary's"],
      ["I've been working as a pharmacist at Boots for six years", 'Boots'],
      ['I work as a night nurse at Riverside Hospital', 'Riverside Hospital'],
      // The speaker's second verb: joined a company named after what it is.
      ['Update: I left Google and joined a startup called Finch.', 'Finch'],
      // Years there, or a job there.
      ["I've been at Deloitte for 3 years as a senior consultant.", 'Deloitte'],
      ["I've been with Acme for six years as a buyer.", 'Acme'],
      // Shifts there, and a name after "the".
      ['I work shifts at the Royal Infirmary.', 'Royal Infirmary'],
      ['I do long shifts at Tesco.', 'Tesco'],
      // A kind of workplace: with the kind it is part of.
      ['I do long shifts at the hospital pharmacy, 8 till 6 most days.', 'hospital pharmacy'],
      ["I'm doing nights at the care home this month.", 'care home'],
      // Where one is now, after changing jobs.
      ["I've changed jobs, I'm at Monzo now.", 'Monzo'],
      // A job of three words, at a name after "the".
      ["I'm a night shift nurse at the Royal Infirmary.", 'Royal Infirmary'],
      ["I'm now head of design at Kite.", 'Kite'],
    ];
    for (const [text, name] of employers) {
      const e = byName(analyse(text), name);
      expect(e, text).to.include({ kind: 'organization', relation: 'employer', gravity: 0.85 });
    }
    expect(byName(analyse('My brother joined a startup called Nimbus.'), 'Nimbus').relation).to.equal(null);
    // A patient, a regular or a volunteer somewhere does not work there.
    for (const text of ["I'm a patient at the Royal Infirmary.", "I'm a regular at the Red Lion.", "I'm a volunteer at the Oxfam shop."])
      expect(
        analyse(text).entities.filter((e) => e.relation === 'employer'),
        text,
      ).to.deep.equal([]);
    // "Been with" someone for years is a partner's.
    expect(byName(analyse("I've been with Tom for six years."), 'Tom')).to.include({ kind: 'person' });
    // Work or live there no more: the place is no employer or home now.
    for (const [text, name] of [
      ['I no longer work at Google', 'Google'],
      ['I used to work for Acme Corp', 'Acme Corp'],
      ['I used to live in Berlin', 'Berlin'],
      ["I don't live in Berlin anymore", 'Berlin'],
    ] as const)
      expect(byName(analyse(text), name).relation, text).to.equal(null);
    expect(only(analyse('I no longer work at Google')).summary).to.equal('The user no longer works at Google.');
    // A place one lived in, or a job one applies for, is no part of who one is now.
    expect(only(analyse('I used to live in Berlin'))).to.include({ topic: 'lived in Berlin' });
    expect(only(analyse('I used to live in Berlin')).categories).to.not.include('identity');
    const applying = analyse("I'm applying for a product manager role at Spotify.");
    expect(byName(applying, 'Spotify').relation).to.equal(null);
    expect(only(applying).categories).to.not.include('identity');
    expect(byName(analyse('I have an interview for a job at Google next week.'), 'Google').relation).to.equal(null);
    // … one written for, or wanted; a CV said of before is no job sought.
    expect(byName(analyse('I need to write a cover letter for a marketing role at Spotify.'), 'Spotify').relation).to.equal(null);
    expect(byName(analyse('I want a job at Google.'), 'Google').relation).to.equal(null);
    expect(byName(analyse("I'd love a job at the BBC."), 'BBC').relation).to.equal(null);
    expect(byName(analyse('My CV is ready and I work at Tesco.'), 'Tesco').relation).to.equal('employer');
    // A job not had: not got, or turned down for; the one after "but" is had.
    for (const [text, name] of [
      ["Gutted, didn't get the job at Monzo.", 'Monzo'],
      ['I was turned down for a role at Deloitte.', 'Deloitte'],
    ] as const)
      expect(byName(analyse(text), name).relation, text).to.equal(null);
    expect(only(analyse("Gutted, didn't get the job at Monzo.")).categories).to.not.include('identity');
    expect(byName(analyse('I got rejected by Amazon but I work at Tesco now.'), 'Tesco').relation).to.equal('employer');
    expect(byName(analyse('I study computer science at MIT'), 'MIT')).to.include({ kind: 'organization', relation: 'school' });
    for (const [text, name] of [
      ["I'm going to Boston College next year", 'Boston College'],
      ["I'm attending the University of Michigan in the fall", 'University of Michigan'],
      ["I'm a freshman at Ohio State", 'Ohio State'],
      ["I'm in grad school for computer science at Stanford", 'Stanford'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind: 'organization', relation: 'school' });
    // Someone else's employer, school or hometown is not the speaker's; the speaker's after someone else's is.
    for (const [text, name] of [
      ['My husband got hired by Amazon last month.', 'Amazon'],
      ['Priya got a job offer from Stripe.', 'Stripe'],
      ['My daughter is a freshman at Ohio State.', 'Ohio State'],
      ['My brother Dev just moved to Austin. He started a job at Dell.', 'Dell'],
      ['My dad grew up in Ohio.', 'Ohio'],
    ] as const)
      expect(byName(analyse(text), name).relation, text).to.equal(null);
    for (const [text, name, relation] of [
      ['My sister helped me get a job at Dell.', 'Dell', 'employer'],
      ['My wife and I both grew up in Ohio.', 'Ohio', 'hometown'],
      ['Got a job at Dell!', 'Dell', 'employer'],
    ] as const)
      expect(byName(analyse(text), name).relation, text).to.equal(relation);
    // Anyone's move names a place, not someone called Austin.
    expect(byName(analyse('My brother Dev just moved to Austin.'), 'Austin')).to.include({ kind: 'place', relation: null });
    expect(byName(analyse("I've been married to Alex for 12 years"), 'Alex')).to.include({ kind: 'person', relation: 'spouse' });
    // The name corrected away is no one.
    expect(analyse("Actually my daughter's name is Zoe, not Chloe.").entities.map((e) => e.name))
      .to.include('Zoe')
      .and.not.include('Chloe');
    // Pets counted or in the plural are the person's pets.
    for (const [text, name] of [
      ['My two dogs love the beach.', 'dogs'],
      ['My turtles are doing great.', 'turtles'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind: 'pet', relation: 'pet' });
    // A condition named after someone is no one; moving in together somewhere names the home.
    expect(analyse("My dad has Parkinson's and lives with us now.").entities.map((e) => e.name)).to.not.include('Parkinson');
    // A condition by its initials is no one either; a specialist is a doctor of the person's own, each one apart.
    expect(analyse('I was diagnosed with ADHD last year.').entities.map((e) => e.name)).to.not.include('ADHD');
    const specialists = analyse('My cardiologist and my dermatologist both want blood work.');
    expect(specialists.entities.filter((e) => e.relation === 'doctor').map((e) => e.name)).to.have.members(['cardiologist', 'dermatologist']);
    expect(only(analyse('I have a follow-up with my cardiologist on the 12th.')).categories).to.include('health');
    expect(analyse("I'm Jewish, so we celebrate Hanukkah, not Christmas.").entities.map((e) => e.name)).to.not.include('Jewish');
    expect(byName(analyse('My girlfriend Mia and I just moved in together in Brooklyn.'), 'Brooklyn')).to.include({ relation: 'home' });
    // The speaker's second verb names the home; someone else's does not.
    expect(byName(analyse('I used to live in Berlin but moved back to Toronto last spring.'), 'Toronto')).to.include({ relation: 'home' });
    expect(byName(analyse('My sister lived in Paris and moved to Rome.'), 'Rome').relation).to.equal(null);
    // … and so does "but live in" after where one is from, or used to live.
    expect(byName(analyse("I'm originally from Lagos but live in London now."), 'London')).to.include({ relation: 'home' });
    expect(byName(analyse('I used to live in Berlin but live in Paris now.'), 'Paris')).to.include({ relation: 'home' });
    expect(byName(analyse("I'm from Leeds but my sister lives in York."), 'York').relation).to.equal(null);
    // … and after a comma: "I'm 29, live in Leeds".
    expect(byName(analyse("I'm 29, live in Leeds with two flatmates."), 'Leeds')).to.include({ relation: 'home' });
    // How far away, or with whom, before the place.
    expect(byName(analyse('I live 3 hours away in London.'), 'London')).to.include({ relation: 'home' });
    expect(byName(analyse('We live with my mum in Leeds.'), 'Leeds')).to.include({ relation: 'home' });
    expect(byName(analyse('My dad lives 2 hours away in Hull.'), 'Hull').relation).to.equal(null);
    expect(byName(analyse("I'm 29, my sister lives in York."), 'York').relation).to.equal(null);
    // Off to someone's is no trip to a place of theirs.
    expect(analyse("Sofia's driving up on Friday, Gnocchi's off to Tamsin's again.").entities.filter((e) => e.kind === 'place')).to.deep.equal([]);
    // A home one has or has bought, not a holiday home.
    for (const text of ["We've got a 3 bed terrace in Leeds.", 'We bought a house in Leeds in 2019.', 'I got a new flat in Leeds last month.'])
      expect(byName(analyse(text), 'Leeds'), text).to.include({ relation: 'home' });
    expect(byName(analyse('We bought a holiday home in Spain.'), 'Spain').relation).to.equal(null);
    // A home moved into in a place, the "I" said or dropped; someone else's move is theirs.
    for (const text of [
      'I moved into a flat in Leeds last month.',
      'Just moved into a two-bed flat in Leeds with my girlfriend Chloe.',
      'Moved to Leeds in 2019.',
    ])
      expect(byName(analyse(text), 'Leeds'), text).to.include({ relation: 'home' });
    expect(byName(analyse('My brother moved into a flat in Leeds.'), 'Leeds').relation).to.equal(null);
    // A name said where animals are cared for is a pet's, not someone's; a vet by trade is a person's job.
    for (const text of [
      'The vet says Bella needs to lose weight.',
      'I took Max to the groomers this morning.',
      'Bella had her booster at the vets.',
      // The speaker's "I" left out: the capital of the name after the opening verb is the name's own.
      'Took Max to the groomers this morning.',
    ])
      expect(byName(analyse(text), text.includes('Max') ? 'Max' : 'Bella'), text).to.include({ kind: 'pet' });
    // Said to be an animal, or named after someone else's role word: of that role's kind.
    for (const [text, name, kind] of [
      ['Max is a golden retriever, he is three.', 'Max', 'pet'],
      ['Rose is a lovely old cat.', 'Rose', 'pet'],
      ['Bella is a friend from work.', 'Bella', 'person'],
      ['My brother Jake lives in Toronto with his wife Priya.', 'Priya', 'person'],
      ["I met Tom's sister Ananya yesterday.", 'Ananya', 'person'],
      ['Their cat Mochi ran away.', 'Mochi', 'pet'],
      // A breed that is another word too ("lab", "boxer") before a name.
      ['We got our lab Cooper 3 years ago.', 'Cooper', 'pet'],
      // Taking up lessons, a school or a team is someone's doing.
      ['Leo started piano lessons and Mia joined the swim team.', 'Leo', 'person'],
      ['Tilly started Year 8 and she loves it.', 'Tilly', 'person'],
      ['Max started school last week.', 'Max', 'person'],
      ['My black lab Bo loves the beach.', 'Bo', 'pet'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind });
    expect(byName(analyse('We got our lab Cooper 3 years ago.'), 'Cooper')).to.include({ relation: 'pet' });
    expect(analyse('My lab partner Tom is great.').entities.find((e) => e.kind === 'pet')).to.equal(undefined);
    // An app one learns or logs with is a product, not someone one is with.
    for (const [text, name] of [
      ["I've been learning Spanish with Duolingo every morning.", 'Duolingo'],
      ['I log my runs on Strava.', 'Strava'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind: 'product' });
    // A title opened by an ordinary word is no one, though a first name ends it and "and" comes before it.
    expect(byName(analyse('I loved The Martian and Project Hail Mary.'), 'Project Hail Mary')).to.include({ kind: 'concept' });
    expect(byName(analyse('I met Tom and Priya Raman at the fair.'), 'Priya Raman')).to.include({ kind: 'person' });
    for (const text of [
      'I met Bella, a vet from Leeds.',
      'My sister Bella took the cat to the vet.',
      'Took the dog to the vet. Then met Bella for lunch.',
    ])
      expect(byName(analyse(text), 'Bella'), text).to.include({ kind: 'person' });
    // "Home is Milngavie": where one lives, said of home itself; someone else's home is theirs.
    for (const text of [
      'Home is Milngavie, just outside Glasgow.',
      "Home's Milngavie these days.",
      'Milngavie is home now.',
      'Home for us is Milngavie.',
    ])
      expect(byName(analyse(text), 'Milngavie'), text).to.include({ kind: 'place', relation: 'home' });
    expect(byName(analyse("My parents' home is Milngavie."), 'Milngavie').relation).to.equal(null);
    expect(byName(analyse('Glasgow is home to two football clubs.'), 'Glasgow').relation).to.equal(null);
    for (const [text, name] of [
      ["I'm dating someone new, his name is Omar.", 'Omar'],
      ["I've been dating Priya for three months.", 'Priya'],
      ['I started going out with a guy named Leo.', 'Leo'],
      ["I'm planning to propose to Jess in December.", 'Jess'],
      ["I've been seeing someone for three months, her name's Jess and she's a paramedic.", 'Jess'],
      ["I've been dating a guy for a few weeks, his name is Tom.", 'Tom'],
    ] as const)
      expect(byName(analyse(text), name), text).to.include({ kind: 'person', relation: 'partner' });
    // Seeing a doctor is no date.
    expect(byName(analyse("I'm seeing Dr Patel on Friday about my knee."), 'Dr Patel').relation).to.not.equal('partner');
    // What others call someone just named is another name of theirs, not someone else.
    for (const [text, name, nickname] of [
      ["My mom's name is Patricia but everyone calls her Pat.", 'Patricia', 'pat'],
      ['My boss Jennifer is great, she goes by Jen.', 'Jennifer', 'jen'],
      // A sentence of its own, opening with "We" or "His friends": the pronoun is the one just named, not a name to join.
      ['My son Oliver loves dinosaurs. We call him Olly.', 'Oliver', 'olly'],
      ['My husband Tom is a nurse. His friends call him Tommo.', 'Tom', 'tommo'],
      ['My son Oliver loves dinosaurs. We call him Olly or sometimes Bug.', 'Oliver', 'bug'],
      // … or right after the role and the name: the last word is no surname.
      ['Everyone calls my daughter Elizabeth Lizzie.', 'Elizabeth', 'lizzie'],
    ] as const) {
      const a = analyse(text);
      expect(byName(a, name).aliases, text).to.include(nickname);
      expect(
        a.entities.filter((e) => e.kind === 'person').map((e) => e.name),
        text,
      ).to.deep.equal([name]);
    }
    expect(byName(analyse('I live in New York with my girlfriend'), 'New York')).to.include({ kind: 'place', relation: 'home', gravity: 0.7 });
    // A flat or a house one rents, owns or shares is where one lives; a cabin rented for a weekend is not.
    expect(byName(analyse('We rent a flat near the canal in Utrecht'), 'Utrecht')).to.include({ kind: 'place', relation: 'home' });
    expect(byName(analyse('We live in a tiny flat in Glasgow'), 'Glasgow')).to.include({ kind: 'place', relation: 'home' });
    for (const [text, name] of [
      ['Born and raised in Nairobi.', 'Nairobi'],
      ['Originally from Accra.', 'Accra'],
    ] as const) {
      expect(byName(analyse(text), name), text).to.include({ kind: 'place', relation: 'hometown' });
      expect(only(analyse(text)).subjectKey, text).to.equal('self');
    }
    expect(byName(analyse('I live on a houseboat in Amsterdam'), 'Amsterdam')).to.include({ kind: 'place', relation: 'home' });
    expect(byName(analyse('I share an apartment in Leeds with two friends'), 'Leeds')).to.include({ kind: 'place', relation: 'home' });
    expect(byName(analyse('We rented a cabin in Tahoe for the weekend'), 'Tahoe').relation).to.equal(null);
    // A move only thought of names no home; a job title is no place.
    expect(byName(analyse("We're thinking about moving to Portugal"), 'Portugal').relation).to.equal(null);
    // A move under way or ahead is no home yet; one made is.
    expect(byName(analyse("We're moving to Osaka next year"), 'Osaka').relation).to.equal(null);
    expect(byName(analyse('We moved to Osaka last year'), 'Osaka').relation).to.equal('home');
    expect(byName(analyse('We moved to Portugal last year'), 'Portugal').relation).to.equal('home');
    expect(analyse('My husband Mark just got promoted to VP of sales').entities.map((e) => e.name)).to.not.include('VP');
    expect(byName(analyse("I'm originally from Ohio"), 'Ohio')).to.include({ kind: 'place', relation: 'hometown' });
    expect(byName(analyse('I grew up in a small town in Ohio'), 'Ohio')).to.include({ kind: 'place', relation: 'hometown' });
    expect(byName(analyse('I was raised on a farm outside of Omaha'), 'Omaha')).to.include({ kind: 'place', relation: 'hometown' });
    // Where the speaker moved from as a child; a move from somewhere later is no hometown.
    expect(byName(analyse('I moved here from Nigeria when I was 12'), 'Nigeria')).to.include({ kind: 'place', relation: 'hometown' });
    expect(byName(analyse('I moved here from London last year'), 'London').relation).to.not.equal('hometown');
    expect(byName(analyse("I've lived in Toronto for ten years"), 'Toronto')).to.include({ kind: 'place', relation: 'home' });
    const move = analyse('We moved to Lisbon last year');
    expect(byName(move, 'Lisbon').relation).to.equal('home');
    expect(only(move).topic).to.equal('move to Lisbon');
    const trip = analyse("I'm going to Japan in October");
    expect(byName(trip, 'Japan')).to.include({ kind: 'place', relation: null });
    expect(only(trip)).to.include({ topic: 'trip to Japan', domain: 'travel', eventDate: '2023-10-01', datePrecision: 'month' });
  });

  it('names someone by "\'s called": "my daughter\'s called Poppy"', () => {
    const a = analyse("my daughter's called Poppy, she's 7 and obsessed with horses");
    expect(byName(a, 'Poppy')).to.include({ kind: 'person', relation: 'child' });
    expect(a.entities.map((e) => e.name)).to.not.include('daughter');
  });

  it('names the baby just born, not its parent: "My sister just had a baby girl, named her Isla"', () => {
    const cases: Array<[string, string, string | null, string | null]> = [
      ['My sister just had a baby girl, named her Isla!', 'Isla', 'relative', 'niece'],
      ['My brother and his wife had a baby boy last week, they called him Finn', 'Finn', 'relative', 'nephew'],
      ['Our daughter had a little boy on Sunday and they named him Leo', 'Leo', 'grandchild', 'grandson'],
      ['We had a baby girl in March, we named her Ada', 'Ada', 'child', 'daughter'],
      ['My best friend just had her baby, they called her Rose', 'Rose', null, null],
    ];
    for (const [text, name, relation, alias] of cases) {
      const a = analyse(text);
      const baby = byName(a, name);
      expect(baby, text).to.include({ kind: 'person', relation });
      if (alias) expect(baby.aliases, text).to.include(alias);
    }
    // The parent keeps their role and no name.
    expect(analyse('My sister just had a baby girl, named her Isla!').entities.map((e) => e.name)).to.include('sister');
    expect(analyse('My best friend just had her baby, they called her Rose').entities.map((e) => e.name)).to.include('best friend');
  });

  it('finds pets: "my dog Max", "our cat named Luna", "Max, my dog", "adopted a puppy … named her Biscuit"', () => {
    const pets: Array<[string, string, string]> = [
      ['My dog Max is 3 years old', 'Max', 'dog'],
      ['Our cat named Luna sleeps all day', 'Luna', 'cat'],
      ['Max, my dog, loves the park', 'Max', 'dog'],
      ['We have a cat named Luna', 'Luna', 'cat'],
      // "she's called …" after the pet, later in the sentence.
      ["My cat keeps bringing in mice, she's called Mittens", 'Mittens', 'cat'],
      // A breed is a dog, and every pet of a list counts.
      ['Our beagle Max hates baths', 'Max', 'beagle'],
      ['Our cockapoo Luna is 12 weeks old', 'Luna', 'cockapoo'],
      ['We have a cat named Luna and a golden retriever called Buddy', 'Buddy', 'golden retriever'],
      ['I have a dog named Rex, and a cat called Tom', 'Tom', 'cat'],
      // Words about the animal before it, and no "I" before the verb.
      ['We adopted a rescue greyhound named Pepper last month', 'Pepper', 'greyhound'],
      ['I got a fluffy black kitten named Soot', 'Soot', 'kitten'],
      ['Just adopted a rescue dog named Biscuit!', 'Biscuit', 'dog'],
      // Each name of a list after pets of the plural.
      ['I have two cats, Mochi and Tofu.', 'Tofu', 'cats'],
      ['Our dogs Rex and Bo love the beach.', 'Bo', 'dogs'],
      // Counted and named opening an answer, "I have" dropped, and a clause after the names.
      ['Two cats, Miso and Udon, both rescues', 'Udon', 'cats'],
    ];
    for (const [text, name, alias] of pets) {
      const e = byName(analyse(text), name);
      expect(e, text).to.include({ kind: 'pet', relation: 'pet' });
      expect(e.aliases, text).to.include(alias);
    }
    // Others' animals counted are no pets of the speaker's.
    expect(analyse('Two dogs barked all night next door').entities.filter((e) => e.kind === 'pet')).to.deep.equal([]);
    const adopted = analyse('We adopted a puppy, we named her Biscuit', [MAX]);
    const biscuit = byName(adopted, 'Biscuit');
    expect(biscuit).to.include({ kind: 'pet', relation: 'pet' });
    expect(biscuit.existingId).to.equal(undefined);
    expect(
      adopted.entities.some((e) => e.existingId === 'k-max'),
      'a new puppy is not the known dog',
    ).to.equal(false);
    // A holiday is a date, not something named.
    expect(analyse("Heading to my parents' place in Vermont for Christmas.").entities.map((e) => e.name)).to.not.include('Christmas');
    // A pet considered is no pet yet.
    for (const text of ["We're considering adopting a shelter cat", "I'm thinking of getting a puppy", 'We might get a cat named Luna'])
      expect(
        analyse(text).entities.filter((e) => e.kind === 'pet'),
        text,
      ).to.deep.equal([]);
  });

  it('makes the pet the subject when the sentence is about it', () => {
    const f = only(analyse('Max chewed my shoes', [MAX]));
    expect(f.subjectKey).to.equal('k:k-max');
    expect(f.summary).to.equal("Max chewed the user's shoes.");
    expect(f.domain).to.equal('pets');
  });

  it('finds named people, doctors and "my X" things', () => {
    const doctor = analyse('Dr. Patel said my blood pressure is too high');
    expect(byName(doctor, 'Dr. Patel')).to.include({ kind: 'person', relation: 'doctor', ambiguous: false });
    expect(only(doctor)).to.include({ subjectKey: byName(doctor, 'Dr. Patel').key, domain: 'health' });
    const friends = analyse('I went to Lisbon with Ahmed and Sarah');
    expect(byName(friends, 'Ahmed')).to.include({ kind: 'person', relation: null, ambiguous: false, gravity: 0.35 });
    expect(byName(friends, 'Lisbon').kind).to.equal('place');
    const things = analyse('My car needs new tires and my podcast called Deep Talk hit 1000 listeners');
    expect(byName(things, 'car')).to.include({ kind: 'product', relation: null });
    expect(byName(things, 'Deep Talk')).to.include({ kind: 'project' });
    expect(byName(things, 'Deep Talk').aliases).to.include('podcast');
    expect(byName(analyse('Our house needs a new roof'), 'house')).to.include({ kind: 'place', relation: 'home' });
  });
});

describe('analyse: entities (tier 3: unknown names)', () => {
  it('flags capitalised names of unknown kind as ambiguous, with a guess from context', () => {
    const a = analyse('Priya from work invited me to her wedding');
    expect(byName(a, 'Priya')).to.include({ kind: 'person', ambiguous: true });
    expect(byName(analyse("I've been playing Zelda all week"), 'Zelda')).to.include({ kind: 'concept', ambiguous: true });
    // A dotted name is software or a site; what buys a company is one.
    expect(byName(analyse("I'm building a SaaS app with Next.js and Postgres."), 'Next.js')).to.include({ kind: 'product' });
    expect(byName(analyse('Our company is getting acquired by Oracle next quarter.'), 'Oracle')).to.include({ kind: 'organization' });
    // What one is obsessed with or into is a thing; whom one bumps into is someone.
    expect(byName(analyse("I've got two teenagers and they're both obsessed with Minecraft."), 'Minecraft')).to.include({ kind: 'concept' });
    expect(byName(analyse("My son's really into Pokemon."), 'Pokemon')).to.include({ kind: 'concept' });
    expect(byName(analyse('I bumped into Marcus at the station.'), 'Marcus')).to.include({ kind: 'person' });
    expect(byName(analyse('I think the policy at Hooli is unfair'), 'Hooli')).to.include({ kind: 'organization', ambiguous: true });
  });

  it('a sentence opening with an ordinary word, in its British spelling or an adjective, names no one', () => {
    for (const text of [
      "Practise makes perfect, so I'm doing scales every night.",
      'Analysing my spending, I eat out way too much.',
      'Dodgy left knee from football years ago.',
      'Walkable to the old town would be nice.',
    ])
      expect(
        analyse(text).entities.filter((e) => e.kind !== 'self'),
        text,
      ).to.deep.equal([]);
  });

  it('"PB" is no one, a new one is the speaker\'s, and what one has tickets for is a show', () => {
    const pb = analyse('31 metres. On Monday. New PB!!');
    expect(pb.entities.filter((e) => e.kind !== 'self')).to.deep.equal([]);
    expect(pb.facts.map((f) => f.summary)).to.deep.equal(['31 metres. On Monday. New PB (on 2023-05-01).']);
    expect(byName(analyse("I've got tickets for Hamilton on the 22nd for my wife's birthday."), 'Hamilton')).to.include({ kind: 'concept' });
  });

  it('takes a name ending in a word for an institution or a street for one ("Greyhound Haven", "Gloucester Road")', () => {
    expect(byName(analyse('I brought him home from Greyhound Haven.'), 'Greyhound Haven')).to.include({ kind: 'organization' });
    expect(byName(analyse('She has a week of respite at Heatherfield House.'), 'Heatherfield House')).to.include({ kind: 'organization' });
    expect(byName(analyse('We met on Gloucester Road.'), 'Gloucester Road')).to.include({ kind: 'place' });
  });

  it('does not take sentence openers, pronouns, weekdays, months or redaction tokens for names', () => {
    const a = analyse('Yesterday I called my bank. Honestly I hate Mondays. My SSN is [REDACTED:ssn] and in May I moved.');
    const names = a.entities.map((e) => e.name.toLowerCase());
    for (const n of ['yesterday', 'honestly', 'mondays', 'ssn', 'redacted', 'may', 'i']) expect(names, n).to.not.include(n);
  });

  it('does not take a contracted pronoun or verb opening a sentence for a name', () => {
    // "They've", "You'd" and "It'll" were entities that facts were filed under (LoCoMo).
    const a = analyse("They've been there through everything. You'd be a great counselor! It'll be tough. Won't stop me. Can't wait to see Sarah.");
    const names = a.entities.map((e) => e.name.toLowerCase());
    for (const n of ["they've", "you'd", "it'll", "won't", "can't"]) expect(names, n).to.not.include(n);
    expect(names).to.include('sarah');
  });

  it('does not take an ordinary word opening a sentence for a name, even one the tagger does not know', () => {
    // "Weaving", "Patience", "Gardening" made entities that facts were filed under, and that kept platitudes.
    const a = analyse('Patience matters when you knit. Weaving fills most of my evenings. Setbacks happen. Tamsin invited me over.');
    const names = a.entities.map((e) => e.name.toLowerCase());
    for (const n of ['patience', 'weaving', 'setbacks']) expect(names, n).to.not.include(n);
    expect(byName(a, 'Tamsin')).to.include({ kind: 'person' });
    expect(a.facts.map((f) => f.subjectKey)).to.deep.equal(['self', byName(a, 'Tamsin').key]);
  });

  it('files what is said of a language under the speaker, not under the language', () => {
    // "English isn't my first language, I'm Polish" was filed under English.
    expect(analyse("English isn't my first language, I'm Polish.").facts.map((f) => f.subjectKey)).to.deep.equal(['self']);
  });

  it("files a sentence under the speaker, not under a thing of something's that its verb acts on", () => {
    // "The car failed its MOT …, so I need …" was filed under MOT; someone named after "his" is still the subject.
    expect(analyse('The car failed its MOT yesterday, so I need to book a repair.').facts.map((f) => f.subjectKey)).to.deep.equal(['self']);
    const a = analyse('His brother Tom is a plumber.');
    expect(a.facts.map((f) => f.subjectKey)).to.deep.equal([byName(a, 'Tom').key]);
  });

  it('files what "our office" or "our school" does under the speaker, not under what it uses', () => {
    // "Our office uses Slack" was filed under Slack ("my" was a subject of the speaker's, "our" was not).
    for (const text of ['Our office uses Slack.', 'Our school uses Google Classroom.'])
      expect(
        analyse(text).facts.map((f) => f.subjectKey),
        text,
      ).to.deep.equal(['self']);
    const neighbour = analyse('Our neighbour Mrs Green feeds the cat.');
    expect(neighbour.facts[0]!.subjectKey).to.equal(byName(neighbour, 'Mrs Green').key);
  });

  it('does not take a numbered stage for a name: "Year 7", "Grade 5", "a Level 3 diploma"', () => {
    // "The boys start Year 8 in two weeks" was filed under an entity "Year"; "in Grade 5" made a place.
    const a = analyse("The boys start Year 8 in two weeks. She's in Grade 5 now. I've got a Level 3 diploma. I'm on Day 12 of dry January!");
    const names = a.entities.map((e) => e.name.toLowerCase());
    for (const n of ['year', 'grade', 'level', 'day']) expect(names, n).to.not.include(n);
    // An ordinary word and a number name a thing, not someone called by the word.
    expect(byName(analyse("I'm planning a 40th for my husband Tom. He loves whisky and Formula 1."), 'Formula 1')).to.include({ kind: 'concept' });
    expect(a.facts.every((f) => f.subjectKey === 'self')).to.equal(true);
  });
});

describe('analyse: summaries and dates', () => {
  const table: Array<[string, string]> = [
    ["I'm allergic to peanuts", 'The user is allergic to peanuts.'],
    ['My wife Sarah loves hiking', "The user's wife Sarah loves hiking."],
    // A verb of two words takes its -s on the second.
    ['I batch cook on Sundays for the week', 'The user batch-cooks on Sundays for the week.'],
    ['I work at Acme', 'The user works at Acme.'],
    ['I really love my job', 'The user really loves their job.'],
    ["I don't eat meat", "The user doesn't eat meat."],
    ["I've been getting into running", 'The user has been getting into running.'],
    ['I was born in Ohio', 'The user was born in Ohio.'],
    ["I'll be in Paris tomorrow", 'The user will be in Paris tomorrow (on 2023-05-09).'],
    ['never call me before 9', 'Never call the user before 9.'],
    ['I study biology', 'The user studies biology.'],
    ['Me and my brother went fishing last weekend', 'The user and their brother went fishing last weekend (week of 2023-05-01).'],
    ['Tom and I love camping', 'Tom and the user love camping.'],
    // A day's name or a language before "and I" is no one with the speaker.
    [
      'My mother-in-law only speaks Spanish and I want to write her a card',
      "The user's mother-in-law only speaks Spanish and the user wants to write her a card.",
    ],
    ["Her birthday is Saturday and I haven't got her anything", "Her birthday is Saturday and the user hasn't got her anything (on 2023-05-13)."],
    // A date the sentence names in full is not said again; a season is dated like a month.
    ['We moved to Lisbon in May 2022', 'The user and others moved to Lisbon in May 2022.'],
    ['We went to Italy last summer and loved the food', 'The user and others went to Italy last summer and loved the food (in summer 2022).'],
    // A "we" after the speaker's spouse or partner, and no one else, is the couple; with others named it stays a group.
    [
      "My wife's name is Anika and we've been married for six years",
      "The user's wife's name is Anika and the user and Anika have been married for six years.",
    ],
    [
      'My partner hates flying, so we usually take the train',
      "The user's partner hates flying, so the user and their partner usually take the train.",
    ],
    [
      'My girlfriend and her sister visited, and we cooked paella',
      "The user's girlfriend and her sister visited, and the user and others cooked paella.",
    ],
    ['Tom and my wife organised a party and we all danced', "Tom and the user's wife organised a party and the user and others all danced."],
    // A dropped "I" before a regular past form and its object; "I'm" before a state with nothing after it as object.
    ['Just adopted a rescue dog named Biscuit!', 'The user just adopted a rescue dog named Biscuit.'],
    ['Married with two kids.', 'The user is married with two kids.'],
    ['Married my high school sweetheart last June.', 'The user married their high school sweetheart last June (in June 2022).'],
    // A dropped "I'm" before a liking or a state.
    ['Really into pottery these days.', 'The user is really into pottery these days.'],
    ['Big fan of the Lakers.', 'The user is a big fan of the Lakers.'],
    ['Not a fan of horror movies.', 'The user is not a fan of horror movies.'],
    ["Can't stand jazz.", "The user can't stand jazz."],
    // "Mom's" is the speaker's mom, as "Mom" is.
    ["Mom's coming to visit next weekend.", "The user's mom's coming to visit next weekend (week of 2023-05-15)."],
    // An allergy that names no allergen keeps the one the sentence before left out, from a request that leaves nothing.
    ['Can you suggest a recipe without eggs? My son is allergic.', "The user's son is allergic to eggs."],
    ["Any nut-free snacks you'd recommend? My daughter is allergic to them.", "The user's daughter is allergic to nuts."],
    ['My son is allergic.', "The user's son is allergic."],
    // A caption says what a picture shows, not when.
    [
      "Here's my family, they make me laugh. [shares a photo: a photo of a family sitting on a pier in the winter]",
      "Here's the user's family, they make the user laugh. The user shared a photo of a family sitting on a pier in the winter.",
    ],
    ['Went to the movies with Priya last night', 'The user went to the movies with Priya last night (on 2023-05-07).'],
    // "I used to" and "I've never" whose "I" was dropped.
    ['Used to live in Manchester before moving down south for work', 'The user used to live in Manchester before moving down south for work.'],
    ['Never been skiing but I want to try', 'The user has never been skiing but they want to try.'],
    ['Never flown long haul before, bit nervous', 'The user has never flown long haul before, bit nervous.'],
    // "never been." leans on what was said before.
    ['Off to Oslo in April. Never been.', 'The user is off to Oslo in April (in April 2024).'],
    // Openers that only join the chat go.
    ['Anyway, I started a new job.', 'The user started a new job.'],
    ['In the meantime, I gave my old bike to a youth club.', 'The user gave their old bike to a youth club.'],
    ["As for me, I've been tutoring at a library.", 'The user has been tutoring at a library.'],
    ['Correction: I live in Austin now, not Dallas.', 'The user lives in Austin now, not Dallas.'],
    ['So - I got the job!', 'The user got the job.'],
    [
      "Quick question - my daughter Zoe (she's 9) wants a hamster for her birthday.",
      "The user's daughter Zoe (she's 9) wants a hamster for her birthday.",
    ],
    ["I'm allergic to shellfish, please remember that.", 'The user is allergic to shellfish.'],
    ['Please remember that my wife is vegan', "The user's wife is vegan."],
    ["Heads up, I'm vegan.", 'The user is vegan.'],
    ['just so u know im lactose intolerant lol', 'The user is lactose intolerant.'],
    // A filler before a comma goes too.
    ['I love anything spicy tbh, thai mostly', 'The user loves anything spicy, thai mostly.'],
    ["I don't eat pork for religious reasons, just so you know.", "The user doesn't eat pork for religious reasons."],
    // Pronouns one goes by are no "she" of a clause of its own.
    ["My name's Dani, she/her, I'm a product designer.", "The user's name's Dani, she/her, the user is a product designer."],
    ['Quick heads-up: my flight is on Friday.', "The user's flight is on Friday (on 2023-05-12)."],
    // A request to be reminded carries what the speaker has to do or wants noted; a date in it lies ahead.
    ['Remind me that my passport expires in March', "The user's passport expires in March (in March 2024)."],
    // After help asked and a colon, what the speaker says of themself is theirs; after work handed over, the work's.
    ['Help me budget: I earn £2,400 a month after tax and rent is £950.', 'The user earns £2,400 a month after tax and rent is £950.'],
    ['Can you remember that my sister is vegan?', "The user's sister is vegan."],
    ["Can you remind me my niece Chloe's birthday is 3 March?", "The user's niece Chloe's birthday is 3 March."],
    // "Remember:" opens what is to be noted; it is no heading of the speaker's life.
    ['Remember: no nuts, no dairy.', 'No nuts, no dairy.'],
    ['Could you remind me to call my mom on Sunday?', 'The user needs to call their mom on Sunday (on 2023-05-14).'],
    // A request about every answer is how the person wants to be answered from now on.
    ['Can you keep your answers under 100 words?', 'The user wants you to keep your answers under 100 words.'],
    ['Could you please stop using bullet points?', 'The user wants you to stop using bullet points.'],
    // Help asked with something of the person's own life says that it is theirs to do.
    ["Can you help me plan my mom's 60th birthday party?", "The user needs to plan their mom's 60th birthday party."],
    // A gathering of the speaker's own, by its day or its number of guests.
    [
      'Can you help me plan a vegetarian menu for 8 people on Saturday?',
      'The user needs to plan a vegetarian menu for 8 people on Saturday (on 2023-05-13).',
    ],
    ['Could you help me organise a barbecue for 20 guests?', 'The user needs to organise a barbecue for 20 guests.'],
    ["Could you help me write a toast for my sister's wedding?", "The user needs to write a toast for their sister's wedding."],
    // Said as an order: naming the answers or emojis, or with "always" or "never".
    ['Please keep your answers short.', 'The user wants you to keep your answers short.'],
    ['Keep your replies brief please, thanks!', 'The user wants you to keep your replies brief.'],
    ['Always answer in Spanish.', 'The user wants you to always answer in Spanish.'],
    ['Never use jargon with me.', 'The user wants you to never use jargon with them.'],
    ['Please stop using emojis.', 'The user wants you to stop using emojis.'],
    ["Please don't use bullet points, I find them hard to read.", 'The user wants you not to use bullet points, the user finds them hard to read.'],
    ['Can you always give me metric and imperial?', 'The user wants you to always give them metric and imperial.'],
    ['Use British English please.', 'The user wants you to use British English.'],
    ['No emojis please.', 'The user wants no emojis.'],
    // "Always" or "never" with what to give the person, an order that lasts "from now on", how to talk to them.
    ['Always give me the source.', 'The user wants you to always give them the source.'],
    ["Don't give me medical disclaimers every time.", 'The user wants you not to give them medical disclaimers every time.'],
    ['Reply in Spanish from now on.', 'The user wants you to reply in Spanish from now on.'],
    ['Be blunt with me, I can take it.', 'The user wants you to be blunt with them, they can take it.'],
    // A statement that ends in a question about it keeps the statement.
    ['I have a job interview at Google on Friday, how should I prepare?', 'The user has a job interview at Google on Friday (on 2023-05-12).'],
    ['My son loves dinosaurs - what should I get him?', "The user's son loves dinosaurs."],
    [
      'My friend Olu recommended a book called The Midnight Library, have you heard of it?',
      "The user's friend Olu recommended a book called The Midnight Library.",
    ],
    ["I'm reading Piranesi at the moment, has anyone else read it?", 'The user is reading Piranesi at the moment.'],
    ['I got promoted 3 weeks ago!! lol', 'The user got promoted 3 weeks ago (week of 2023-04-17).'],
    ["I'm allergic to cats but I still have one, lol.", 'The user is allergic to cats but they still have one.'],
    ['My grandpa passed away in 2019 😢', "The user's grandpa passed away in 2019."],
    // "This"/"Last" opening a sentence: a thing or a time is the subject, and a dropped "I" goes after a time opener.
    ['This has been wonderful for my sleep.', "This has been wonderful for the user's sleep."],
    ['This poem kept me hopeful through hard winters.', 'This poem kept the user hopeful through hard winters.'],
    ['Last week went to the lake with the kids.', 'Last week the user went to the lake with the kids (week of 2023-05-01).'],
  ];
  for (const [text, summary] of table) {
    it(`"${text}" → "${summary}"`, () => {
      expect(only(analyse(text)).summary).to.equal(summary);
    });
  }

  it('writes facts of another participant about "the other speaker"', () => {
    const a = analyse("I'm a nurse and my husband Joe works nights", [SARAH], 'other');
    const [f, husband] = a.facts;
    expect(f!.subjectKey).to.equal('other_speaker');
    expect(f!.summary).to.equal('The other speaker is a nurse.');
    expect(husband!.summary).to.equal("The other speaker's husband Joe works nights.");
    expect(entity(a, 'other_speaker')).to.deep.equal({
      key: 'other_speaker',
      name: 'other speaker',
      kind: 'person',
      relation: null,
      aliases: [],
      gravity: 0.5,
      ambiguous: false,
    });
    // Their husband is not the person's spouse.
    expect(byName(a, 'Joe').relation).to.equal(null);
    expect(a.entities.some((e) => e.existingId === 'k-sarah')).to.equal(false);
  });

  it('attaches the known self entity', () => {
    const a = analyse("I'm so tired today", [{ id: 'k-me', name: 'Alex', kind: 'self', relation: null, aliases: [], gravity: 1 }]);
    expect(entity(a, 'self')).to.include({ existingId: 'k-me', name: 'Alex', kind: 'self', gravity: 1 });
  });
});

describe('analyse: speaker names', () => {
  const named = (text: string, speaker: AnalysisContext['speaker'], speakerName: string, known: KnownEntity[] = []) =>
    analyseMessage(text, { speaker, eventTime, known, speakerName });
  const SELF_MARISOL: KnownEntity = { id: 'k-self', name: 'self', kind: 'self', relation: null, aliases: ['marisol'], gravity: 1 };
  const WINONA: KnownEntity = { id: 'k-mel', name: 'Winona', kind: 'person', relation: null, aliases: [], gravity: 0.5 };

  it('names the user in summaries and gives the self entity the name as an alias', () => {
    const a = named('I went to a grief support circle yesterday and it was so moving.', 'user', ' Marisol ');
    expect(only(a).summary).to.equal('Marisol went to a grief support circle yesterday and it was so moving (on 2023-05-07).');
    expect(entity(a, 'self').aliases).to.deep.equal(['marisol']);
    assertValid(a);
    // Once known, the alias is not sent again; the self entity comes along even without a fact.
    expect(entity(named('I carved a canoe paddle last year.', 'user', 'Marisol', [SELF_MARISOL]), 'self')).to.include({ existingId: 'k-self' });
    expect(entity(named('I carved a canoe paddle last year.', 'user', 'Marisol', [SELF_MARISOL]), 'self').aliases).to.deep.equal([]);
    expect(entity(named('Hmm.', 'user', 'Marisol'), 'self').aliases).to.deep.equal(['marisol']);
  });

  it('keeps joint subjects and possessives readable with a name', () => {
    expect(only(named('My brother and I went fishing last weekend', 'user', 'Marisol')).summary).to.equal(
      "Marisol's brother and Marisol went fishing last weekend (week of 2023-05-01).",
    );
  });

  it('files another participant under a person of that name, the known one when it exists', () => {
    const fresh = named("I'm buried in shifts and errands.", 'other', 'Winona');
    const f = only(fresh);
    expect(f.subjectKey).to.equal('other_speaker');
    expect(f.summary).to.equal('Winona is buried in shifts and errands.');
    expect(entity(fresh, 'other_speaker')).to.deep.equal({
      key: 'other_speaker',
      name: 'Winona',
      kind: 'person',
      relation: null,
      aliases: [],
      gravity: 0.5,
      ambiguous: false,
    });

    const again = named('I ran a charity marathon last Saturday.', 'other', 'winona', [SELF_MARISOL, WINONA]);
    expect(entity(again, 'other_speaker').existingId).to.equal('k-mel');
    expect(only(again).summary).to.equal('Winona ran a charity marathon last Saturday (on 2023-05-06).');
    // An earlier mention guessed as a concept is still that person; another kind of thing is not.
    const concept = { ...WINONA, id: 'k-mel-c', kind: 'concept' as const };
    expect(entity(named('I ran a charity marathon.', 'other', 'Winona', [concept]), 'other_speaker').existingId).to.equal('k-mel-c');
    expect(entity(named('I ran a charity marathon.', 'other', 'Winona', [{ ...WINONA, kind: 'place' }]), 'other_speaker').existingId).to.equal(
      undefined,
    );
  });

  it("resolves the person's name in another participant's message to the self entity, and the participant's family across messages", () => {
    // Named in passing, the person is a mention of the fact, not its subject.
    const a = named('I told my sister about Marisol and the woodworking class.', 'other', 'Winona', [SELF_MARISOL, WINONA]);
    assertValid(a);
    expect(entity(a, 'self').existingId).to.equal('k-self');
    expect(a.entities.filter((e) => e.name === 'Marisol')).to.deep.equal([]);
    expect(a.facts[0]!.subjectKey).to.equal('other_speaker');
    expect(a.facts[0]!.mentionKeys).to.include('self');
    // Addressed, not mentioned ("…, Marisol!"): no mention of the person (see the vocative tests).
    const passing = named("Glad I could help, Marisol! It's good to be involved in something hopeful.", 'other', 'Winona', [SELF_MARISOL, WINONA]);
    assertValid(passing);
    expect(passing.facts.flatMap((f) => f.mentionKeys)).to.not.include('self');

    const kids = named('My kids love woodworking.', 'other', 'Winona');
    expect(only(kids).summary).to.equal("Winona's kids love woodworking.");
    const known: KnownEntity = { id: 'k-kids', name: "Winona's kids", kind: 'person', relation: null, aliases: [], gravity: 0.5 };
    const later = named('My kids were clapping for me.', 'other', 'Winona', [WINONA, known]);
    expect(only(later).subjectKey).to.equal('k:k-kids');
    expect(only(later).summary).to.equal("Winona's kids were clapping for Winona.");
  });

  it('a question naming the person finds their self entity through the alias', () => {
    expect(knownEntitiesIn('When did Marisol go to the grief support circle?', [SELF_MARISOL, WINONA])).to.deep.equal(['k-self']);
    expect(knownEntitiesIn('What did Winona and Marisol carve?', [SELF_MARISOL, WINONA]).sort()).to.deep.equal(['k-mel', 'k-self']);
    expect(knownEntitiesIn('When did Marisol go?', [{ ...SELF_MARISOL, aliases: [] }, WINONA])).to.deep.equal([]);
  });

  it("a question about the person's own by role finds them, in the person's words or an agent's", () => {
    const tomasz: KnownEntity = { id: 'k-tom', name: 'Tomasz', kind: 'person', relation: 'partner', aliases: ['partner'], gravity: 0.8 };
    const winona: KnownEntity = { ...WINONA, relation: null };
    for (const question of [
      'What does my partner do for work?',
      "What does the user's partner do for work?",
      'What is your partner called?',
      "What is her partner's trade?",
      'What sort of pet do the user and her partner have?',
    ])
      expect(knownEntitiesIn(question, [SELF_MARISOL, tomasz, winona]), question).to.deep.equal(['k-tom']);
    // "her" after someone named is that one's.
    expect(knownEntitiesIn('What does Winona think of her partner?', [SELF_MARISOL, tomasz, winona])).to.deep.equal(['k-mel']);
  });

  it('finds names as whole words, longest first, whether the question is plain ASCII or not', () => {
    const person = (id: string, name: string): KnownEntity => ({ id, name, kind: 'person', relation: null, aliases: [], gravity: 0.5 });
    const known = [person('k-ann', 'Ann'), person('k-anna', 'Anna'), person('k-zo', 'Zo'), person('k-jose', 'José')];
    for (const [question, ids] of [
      ['Did Anna call Ann back?', ['k-ann', 'k-anna']],
      ['Where did Annabel go?', []],
      ['Did Zoë meet Ann in Zürich?', ['k-ann']],
      ['What did José and anna cook?', ['k-anna', 'k-jose']],
      ['Did jose call?', []],
      ['Did Zo call?', ['k-zo']],
      ['Did Zo call Zoë?', ['k-zo']],
    ] as const) {
      expect(knownEntitiesIn(question, known).sort(), question).to.deep.equal([...ids].sort());
    }
  });
});

describe('analyse: topics, domains, categories and interests', () => {
  const table: Array<[string, { topic?: string; domain?: string; categories?: string[] }]> = [
    ["I'm allergic to peanuts", { topic: 'peanut allergy', domain: 'health', categories: ['constraint', 'health'] }],
    // Every allergen named; not a clause that follows.
    ["I'm allergic to both shellfish and tree nuts", { topic: 'shellfish and tree nut allergy' }],
    ["I'm allergic to cats and I have a cat", { topic: 'cat allergy' }],
    ['My go-to coffee order is an oat milk latte', { categories: ['preference'] }],
    ['My wife Sarah loves hiking', { topic: 'Sarah — hiking', domain: 'relationships', categories: ['relationship', 'preference'] }],
    // What is liked is the topic, however the tagger read "loves" and the word after it.
    ['My brother loves craft beer', { topic: 'brother — craft beer' }],
    // What is said of someone after "my …" and their name, and an object that names no thing with its verb.
    ["Work's stressful, my new manager Priya micromanages everything", { topic: 'Priya — micromanages everything' }],
    ['Honestly, I will try anything!', { topic: 'try anything' }],
    // A title read or watched is named whole.
    ["I'm reading The Thursday Murder Club, my mum lent it to me", { topic: 'The Thursday Murder Club' }],
    ['My brother is 30, loves craft beer and just got into cycling', { topic: 'brother — craft beer' }],
    ["I don't eat meat", { topic: 'no meat', domain: 'food', categories: ['constraint'] }],
    // The kind of person one is is a liking, and its topic.
    ["I'm more of a cat person", { topic: 'cat person', categories: ['preference'] }],
    ["I'm a huge Taylor Swift fan", { topic: 'Taylor Swift fan', categories: ['preference'] }],
    ['My son is a big Lego fan and allergic to peanuts', { topic: 'son — peanut allergy' }],
    ["I'm vegetarian", { topic: 'vegetarian diet', domain: 'food', categories: ['constraint'] }],
    ['never call me before 9', { topic: 'no calling before 9', categories: ['constraint'] }],
    // A word that begins with "me" is no "me" ("meat"); a recommendation is a contact like a call.
    ['Never mention meatballs', { topic: 'no mentioning meatballs', categories: ['constraint'] }],
    ["Please don't recommend seafood restaurants", { topic: 'no recommending seafood restaurants', categories: ['constraint'] }],
    // What is not to be done, without the reason given for it.
    ['Never suggest running, my knees are bad', { topic: 'no suggesting running', categories: ['constraint'] }],
    ["Please don't recommend horror movies, they give me nightmares", { topic: 'no recommending horror movies' }],
    ['Never call me before 9am because I work nights', { topic: 'no calling before 9am' }],
    // A job interview is no new job.
    ["I've got a job interview at Microsoft on Thursday", { topic: 'job interview', categories: ['plan'] }],
    // "Stop …ing" asks what "Don't …" asks; what one quit or had to stop is a restriction too ("Stop eating my fries!" is not).
    ['Please stop suggesting recipes with mushrooms, I hate them', { topic: 'no mushrooms', categories: ['constraint'] }],
    ['I had to stop eating gluten', { topic: 'no gluten', categories: ['constraint'] }],
    ["I can't eat anything spicy since my surgery", { topic: 'no spicy', categories: ['constraint'] }],
    ['I stopped drinking coffee in January', { topic: 'no coffee', categories: ['constraint'] }],
    ['I quit drinking last year', { topic: 'no alcohol', categories: ['constraint'] }],
    ['I quit drinking about eight months ago, feeling much better.', { topic: 'no alcohol', categories: ['constraint'] }],
    ['I stopped drinking two years ago.', { topic: 'no alcohol', categories: ['constraint'] }],
    ['I no longer eat meat', { topic: 'no meat', categories: ['constraint'] }],
    ["I've been feeling really burnt out at work lately", { topic: 'burnout', categories: ['health'] }],
    // Feet and inches are a height, not an age.
    ["I'm 5'8 and about 160 lbs", { topic: 'height' }],
    ['My mom has been sick for two weeks', { domain: 'family', categories: ['health', 'relationship'] }],
    ['I got promoted to senior engineer', { topic: 'promotion', domain: 'work', categories: ['life_event'] }],
    ['We are saving for a mortgage and our rent went up again', { domain: 'finances' }],
    ['I have a calculus exam on Friday', { domain: 'education' }],
    ['We booked a flight to Rome', { domain: 'travel' }],
    ['I earn about 55k a year.', { domain: 'finances' }],
    // A food bank is no bank.
    ['I volunteer at the food bank every Tuesday morning.', { domain: 'personal' }],
    ['My bank account got hacked', { domain: 'finances' }],
    ["We're going camping over the bank holiday weekend.", { domain: 'travel' }],
    // Staying clean and its meetings are health, not work; retiring is work; an allotment is a pastime.
    ["I've been clean for 3 years now, NA meetings every Thursday.", { domain: 'health', categories: ['health', 'routine'] }],
    ["I'm retiring in December after 40 years at the council.", { domain: 'work' }],
    ['We have an allotment and grow mostly potatoes and beans.', { domain: 'hobbies' }],
    // Working out is exercise, not work; working out a plan is neither.
    ['I can only work out in the mornings because of childcare.', { domain: 'health' }],
    ["I've been working out three times a week.", { domain: 'health' }],
    ['I worked out a plan with my boss.', { domain: 'work' }],
    // A sports team is a pastime's, a team at work is work.
    ['Mia joined the swim team.', { domain: 'hobbies' }],
    ['My team at work is great.', { domain: 'work' }],
    ["Next month I'm off to Lisbon for my 40th with the girls.", { topic: 'trip to Lisbon', domain: 'travel' }],
    ['I get really bad motion sickness on boats.', { categories: ['health'] }],
    ["I'm no longer with Tom, we split up in March.", { topic: 'breakup', categories: ['life_event'] }],
    ['I usually go running every morning', { topic: 'running', domain: 'hobbies', categories: ['routine'] }],
    ['I think remote work is better for me', { categories: ['opinion'] }],
    ["I'm going to visit my sister next month", { categories: ['relationship', 'plan'] }],
    ['My therapist said I should journal more', { domain: 'health', categories: ['health'] }],
    ['I was diagnosed with diabetes in March', { topic: 'diabetes diagnosis', domain: 'health', categories: ['life_event', 'health'] }],
    ['My name is Dana and I am 34', { categories: ['identity'] }],
    ["I'm a 34 year old software engineer", { topic: 'software engineer', categories: ['identity'] }],
    ["I'm 29", { topic: 'age', categories: ['identity'] }],
    ["I'm 6 feet tall", { topic: 'height', categories: ['identity'] }],
    ['My sister Ananya is coming over on Saturday', { topic: 'Ananya — visit' }],
    // A closing "fyi" or "lol" is no part of what the fact is about.
    ['im allergic to penicillin fyi', { topic: 'penicillin allergy' }],
    ['I love sushi lol', { topic: 'sushi' }],
    ['so my sister in law just had twins', { topic: 'sister in law — twins' }],
    ['My in-laws are staying with us for a week', { topic: 'in-laws — visit' }],
    ['I weigh about 180 pounds', { topic: 'weight', categories: ['health'] }],
    ["I've lost 20 pounds since January!", { topic: 'weight', categories: ['health'] }],
    // A general noun with a noun that makes a thing of it; an activity with its object.
    ['Family time matters most to me', { topic: 'family time' }],
    ["Honestly I hate mornings, I'm a night owl", { topic: 'night owl' }],
    ["I've been learning Japanese on Duolingo for 200 days", { topic: 'learning Japanese' }],
    // A possessive that names a kind of thing stays with it; an owner's does not.
    ["I just got my driver's license last week!", { topic: "driver's license" }],
    // A time after the thing is no part of it.
    ['We bought a car last summer', { topic: 'car' }],
    ['I started yoga last winter', { topic: 'yoga' }],
    ['We just closed on our first house!', { categories: ['life_event'] }],
    ['We bought our dream home last spring', { topic: 'dream home', categories: ['life_event'] }],
    ["I'm finishing my master's degree in May", { topic: "master's degree" }],
    ['My band is called The Foxes', { topic: 'The Foxes — name' }],
    ['My dog is called Rex', { topic: 'Rex — name' }],
    ["I lost my dog's leash", { topic: 'leash' }],
    ["It's been 3 years since my dad passed", { topic: 'dad — death', domain: 'family', categories: ['life_event'] }],
    ["I'm feeling kinda down today", { topic: 'feeling down' }],
    ["I can't have dairy", { topic: 'no dairy', domain: 'food', categories: ['constraint'] }],
    ['I love my new apartment in Brooklyn', { domain: 'home' }],
    ['I dated a guy named Chris for a while', { domain: 'relationships' }],
    // Otherwise the topic is the noun phrase the sentence is about: its object, the thing it opens with, a title
    // in quotes, what is shown in a photo, or the activity when nothing else is named.
    ['Yeah, I sketched that harbour sunset last year!', { topic: 'harbour sunset' }],
    ['This book I finished last month reminds me to keep chasing my goals.', { topic: 'book' }],
    ["The pottery studio is on shaky ground right now, but I'm staying hopeful.", { topic: 'pottery studio' }],
    ["I'm training for the Boston Marathon in April", { topic: 'Boston Marathon' }],
    ["I'm off to go do some homework.", { topic: 'homework' }],
    ['I loved "The Salt Orchard" by Delphine Marrow.', { topic: 'The Salt Orchard' }],
    ['Birdwatching is a big part of my life.', { topic: 'birdwatching' }],
    ['[shares a photo: a photo of a person holding a bracelet with a charm]', { topic: 'bracelet' }],
    ['[shares a photo: a photo of a drawing of a lighthouse on a cliff]', { topic: 'drawing of a lighthouse' }],
    // A topic is read by others: the speaker's "my" is theirs.
    ["I'm thinking of getting a tattoo of my late mum's handwriting.", { topic: 'tattoo of their late mum' }],
    // What one does to excess is the topic, not "much"; drinking too much is health.
    ['My husband thinks I work too much.', { topic: 'working too much' }],
    ['I drink too much.', { topic: 'drinking too much', categories: ['health'] }],
    // Working from home is where one works.
    ['I work from home three days a week and go into the office in Manchester on Mondays.', { topic: 'working from home' }],
    ["I'm setting aside some me-time every evening", { topic: 'me-time' }],
    ['Been swimming more since my last chat - a nice way to unwind.', { topic: 'swimming' }],
    ["I'm really grateful.", { topic: 'grateful' }],
    // One's own birth is a birthday or a birthplace, not a baby's birth.
    ['I was born on the 3rd of March.', { topic: 'birthday', categories: ['identity'] }],
    ['I rarely manage more than five hours of sleep a night.', { topic: 'sleep', categories: ['health'] }],
    ['My niece was born last week.', { topic: 'niece — birth of a baby' }],
    // Injuries and weight are health; a baby on the way is a life event; a weekday's evenings are a routine.
    ['I broke my wrist skiing when I was nineteen', { topic: 'wrist injury', categories: ['health'] }],
    ['I hurt my back lifting boxes yesterday', { topic: 'back injury', categories: ['health'] }],
    ["I'm recovering from a broken ankle, got the cast off yesterday.", { topic: 'ankle injury', categories: ['health'] }],
    ["I've got a bad back so I can't lift anything heavy.", { topic: 'bad back', categories: ['health'] }],
    ['Still hobbling about with a sprained knee', { topic: 'knee injury', categories: ['health'] }],
    ["I'm a type 1 diabetic", { topic: 'type 1 diabetes', categories: ['health'] }],
    ['I teach high school chemistry', { categories: ['identity'] }],
    ["I've decided to go back to school for nursing", { categories: ['plan'] }],
    ["I've been trying to lose weight", { categories: ['health'] }],
    ['My husband and I are expecting our first baby in June', { topic: 'pregnancy', categories: ['life_event'] }],
    // A proposal is an engagement; a job done part time is who one is.
    ['So last night Tom proposed!!!', { topic: 'Tom — engagement', categories: ['life_event'] }],
    ['I work part time as a pharmacist.', { topic: 'pharmacist', categories: ['identity'] }],
    // News said in other words: a second baby on the way, a first marathon, an exam passed, a school got into, the keys.
    ["We're expecting our second in October, another boy!", { topic: 'pregnancy', categories: ['life_event'] }],
    ['Just ran my first marathon in 4:12!', { categories: ['life_event'] }],
    ['My son passed his 11+ and got into the grammar school!', { categories: ['life_event'] }],
    ['We got the keys to our first home today!!', { categories: ['life_event'] }],
    // A child's illness is health; a first job and a pet put down are news.
    ["Lily's got chickenpox so we're stuck at home all week.", { domain: 'health', categories: ['health'] }],
    ["My son got his first job at McDonald's, so proud!", { categories: ['life_event'] }],
    ['We had to put our dog Max down yesterday. 15 years old.', { domain: 'pets', categories: ['life_event'] }],
    // Travel said in other words; a place one lived in is who one is.
    ["I've never flown before and I'm terrified.", { domain: 'travel' }],
    ["We're doing interrail this summer - Paris, Berlin, Prague, Vienna.", { domain: 'travel' }],
    ['We always go to the same campsite in Devon every August.', { domain: 'travel' }],
    ['I lived in Tokyo for 3 years in my twenties.', { categories: ['identity'] }],
    // Someone described as retired has no retirement to tell.
    ['My stepdad Kevin is a retired firefighter.', { topic: 'Kevin — retired firefighter', categories: ['relationship'] }],
    // Starting a business is news; a dissertation is study; going part time is work.
    ["I'm starting my own cleaning business, already have 4 clients.", { domain: 'work', categories: ['life_event'] }],
    ['I just handed in my dissertation! 12,000 words on urban foxes.', { domain: 'education' }],
    ["I'm going part time from January to look after my mum.", { domain: 'work' }],
    // A vaccine one had is health, a bonus money.
    ['Had my second dose of the HPV vaccine yesterday, arm is sore.', { domain: 'health', categories: ['health'] }],
    ['I got a £2,000 bonus and want to put it in an ISA.', { domain: 'finances' }],
    // A vegetarian is no job.
    ["I'm a vegetarian.", { domain: 'food', categories: ['constraint'] }],
    // Martial arts are a pastime.
    ['I got my black belt in karate last year after 8 years.', { domain: 'hobbies' }],
    // A habit left is health.
    ['I used to smoke but quit 5 years ago.', { domain: 'health', categories: ['health'] }],
    // Passing a test is no death.
    ['I just passed my driving test on the third try!', { topic: 'driving test', categories: ['life_event'] }],
    // … but passing over the weekend, or with family around, is.
    ['My nan passed over the weekend.', { topic: 'nan — death', categories: ['life_event'] }],
    // A review at work is work.
    ["Quarterly review is next Friday and I'm presenting the roadmap.", { domain: 'work' }],
    // Weight lost is health.
    ['Lost 2 stone since January doing slimming world!', { domain: 'health', categories: ['health'] }],
    // Moving a pension or a flight is no move of house.
    ["I'm moving my pension to Vanguard.", { topic: 'pension', categories: [] }],
    ['The airline moved our flight to Sunday.', { categories: [] }],
    ['My manager Claire moved the deadline forward again.', { domain: 'work', categories: [] }],
    ['My manager keeps moving deadlines.', { domain: 'work', categories: [] }],
    // A low mood is health, and losing one's job since which one feels so an event.
    ["I've been feeling really low since losing my job in October.", { topic: 'job loss', domain: 'health', categories: ['life_event', 'health'] }],
    ['Feeling a bit down today.', { topic: 'low mood', categories: ['health'] }],
    ["Call me when you're feeling down.", { categories: [] }],
    // What one earns is one's income, whatever else is said with it.
    ['We take home about £4k a month between us.', { topic: 'income', domain: 'finances' }],
    // Those who work at weddings have none of their own.
    [
      "I'm self-employed as a wedding photographer, so summers are manic.",
      { topic: 'wedding photographer', domain: 'work', categories: ['identity'] },
    ],
    // A grandchild on the way is an event of the family's; quitting social media no job left.
    ["We're expecting our first grandchild in March!", { topic: 'grandchild on the way', categories: ['life_event', 'plan'] }],
    ["I quit Twitter last year and I'm so much happier.", { domain: 'personal' }],
    // A dog named by its breed is a pet.
    ["We're trying to decide between a Golden Retriever and a Labrador.", { domain: 'pets' }],
    // Money raised for a charity is no finances of one's own.
    ["I've just signed up for the London Marathon next April, raising money for Mind.", { domain: 'hobbies' }],
    // One's part at someone else's wedding, not the wedding, is what one says of oneself.
    ["Can you help me write a speech for my brother's wedding? I'm his best man.", { topic: 'best man' }],
    ["I'm getting married in June!", { topic: 'marriage' }],
    // Nor is a move into another room of one's home.
    ["I've moved into the spare room because of the snoring.", { categories: [] }],
    // A food that disagrees with one is something to leave out, and health.
    ["I drink oat milk, cow's milk upsets my stomach.", { categories: ['constraint', 'health'] }],
    ["Onions don't agree with me.", { categories: ['constraint', 'health'] }],
    // Splitting from a partner is a breakup; losing a dog by its breed, a death.
    ['I split from my husband last year.', { topic: 'breakup', domain: 'relationships', categories: ['life_event'] }],
    ['We lost our Labrador Bess in March.', { topic: 'death', categories: ['life_event'] }],
    ['I lost my temper with the kids.', { topic: 'temper' }],
    // Weeks along is a pregnancy.
    ["I'm 20 weeks along and due in September.", { topic: 'pregnancy', domain: 'health', categories: ['life_event'] }],
    // A taste for a food is food; a food only compared with is not.
    ["I can't stand coriander, tastes like soap to me.", { domain: 'food' }],
    ['I love cheese.', { domain: 'food' }],
    ['Sylvia said the arches were good but the sky looks like porridge.', { domain: 'personal' }],
    // A villa or a cottage booked is a trip; a cottage one lives in is home, near a town too.
    ["We've booked a cottage in the Lake District for half term.", { domain: 'travel' }],
    ['We live in a cottage near Hexham.', { domain: 'home', categories: ['identity'] }],
    // No job title runs across "since": sleeping badly since Dad moved in is health, no identity.
    ["I've been sleeping badly since Dad moved in.", { domain: 'health', categories: ['health'] }],
    // A first module passed is news.
    ['Passed my first module of the electrician course!! 82%', { domain: 'education', categories: ['life_event'] }],
    // Booking is no book.
    ["Don't book anything yet, will check with my mum first.", { domain: 'family' }],
    // Picking up a pastime is taking it up; picking up people or shifts is not.
    ["I've been picking up woodworking.", { topic: 'woodworking', domain: 'hobbies', categories: ['preference'] }],
    ['I picked up the kids from school.', { topic: 'kids' }],
    // A band's or a singer's tour is music, not travel; a tour of a place is travel.
    ["I'm a huge Taylor Swift fan, saw the Eras tour twice.", { domain: 'personal' }],
    ['Going to see Coldplay on their world tour in June.', { domain: 'personal' }],
    ['We did a walking tour of Rome.', { domain: 'travel' }],
    ['We moved the sofa into the spare room.', { categories: [] }],
    ['Remind me about the pension thing? I moved it to a SIPP last year.', { domain: 'finances', categories: [] }],
    // A breakup said without the word; a noted fact's "when" is the assistant's.
    ["Just so you know, I'm not with Tom anymore.", { topic: 'breakup', domain: 'relationships', categories: ['life_event', 'relationship'] }],
    ["Don't forget I'm vegan when suggesting recipes.", { categories: ['constraint'] }],
    ['You should know I have a stammer, so phone calls are hard for me.', { categories: ['health'] }],
    // Money said in the words of benefits, debts and bills.
    ["I'm on universal credit at the moment, things are tight.", { domain: 'finances' }],
    ["We're remortgaging with Nationwide, new rate starts in July.", { domain: 'finances' }],
    ["I've got about £4k on credit cards that I'm trying to clear by Christmas.", { domain: 'finances' }],
    ["I've been overdrawn since payday was late.", { domain: 'finances' }],
    ["I'm retaking my maths GCSE in November.", { domain: 'education' }],
    // A pet peeve is no pet; the forces and sight loss say who one is and one's health.
    ["I hate when people are late, it's my biggest pet peeve.", { domain: 'personal' }],
    ["I'm ex-army, did 12 years in the Royal Engineers.", { categories: ['identity'] }],
    ["I'm partially sighted so I use a screen reader.", { domain: 'health', categories: ['health'] }],
    // Trips said without the word.
    ['Just got back from a long weekend in Amsterdam, knackered.', { domain: 'travel' }],
    ["We've got a caravan in Wales we go to most bank holidays.", { domain: 'travel', categories: ['routine'] }],
    // Reviews, probation and commutes are work; an MBA is study.
    ["I've got my annual review on Thursday and I'm hoping for a pay rise.", { domain: 'work' }],
    ["I'm on a 3 month probation at the new place, ends in August.", { domain: 'work' }],
    ["I'm doing an MBA part time through the Open University.", { domain: 'education' }],
    ['My mum passed with all of us around her.', { topic: 'mum — death', categories: ['life_event'] }],
    // Losing someone is a death; losing them in a park, or a thing of theirs, is not; passing all one's exams is news.
    ['We lost our dog Bella last week, she was 14.', { topic: 'death', categories: ['life_event'] }],
    ['I lost my mum in 2019 and still miss her.', { topic: 'death', categories: ['life_event'] }],
    ['Got my exam results - passed all three modules!', { categories: ['life_event'] }],
    ["Just found out I'm having twins!!", { topic: 'pregnancy', domain: 'family', categories: ['life_event', 'relationship'] }],
    ['Yoga on Sunday evenings keeps me calm', { topic: 'yoga', categories: ['routine'] }],
    ['I quit smoking three months ago', { topic: 'smoking', categories: ['health'], domain: 'health' }],
    ['I quit last week, my boss was awful.', { domain: 'work' }],
    ["I've had two miscarriages and we're now doing IVF.", { categories: ['health', 'life_event'], domain: 'health' }],
    // Pronouns one goes by are who one is.
    ['I use they/them pronouns.', { categories: ['identity'] }],
    ['Our anniversary is on June 3rd', { topic: 'anniversary', categories: ['relationship'] }],
    ['I prefer short answers, no fluff.', { topic: 'short answers', categories: ['preference'] }],
    ["I'm not a morning person at all.", { topic: 'not a morning person', categories: ['preference'] }],
    // Conditions and sleep are health; one's own business says who one is; going back and trying for a baby are plans.
    ["My dad has dementia and it's getting worse.", { categories: ['health', 'relationship'] }],
    ['My grandpa had a stroke last year.', { categories: ['health'] }],
    ["I've been sleeping badly lately.", { categories: ['health'] }],
    ['I run a small bakery downtown.', { categories: ['identity'] }],
    ["I'm going back to school for nursing in the fall.", { categories: ['plan'] }],
    ["We're trying for a baby.", { categories: ['plan'] }],
    // A number after "I'm" is an age only when no unit follows it.
    ["I'm 5 months into learning the guitar.", { topic: 'learning the guitar' }],
    // What one thinks of doing is the thing done, and a plan ("thinking of" named it).
    ["We're thinking of getting a dog, probably a rescue.", { topic: 'dog', categories: ['plan'] }],
    ["I'm thinking about learning the piano.", { topic: 'learning the piano', categories: ['plan'] }],
    // A named challenge is its own topic, and health ("Dry January" was "Dry", "couch to 5k" was "couch").
    ["I'm doing Dry January again this year.", { topic: 'Dry January', domain: 'health', categories: ['constraint'] }],
    ["I've been doing the couch to 5k thing, on week 6 now.", { topic: 'couch to 5k', domain: 'health' }],
    // A name's own adjective stays in it ("the Great North Run", "the Big Apple"), while "a great run" is a run.
    ["I'm doing the Great North Run in September for charity.", { topic: 'Great North Run' }],
    ['We had a great run along the canal this morning.', { topic: 'run' }],
    // A home one must leave is a life event (filed under the landlord who sells it); a cough and the GP are health; a fan of someone is about them.
    [
      'Our landlord is selling the flat so we have to be out by August.',
      { topic: 'landlord — moving out', domain: 'home', categories: ['life_event'] },
    ],
    ["I've had a cough for two weeks, going to see the GP tomorrow.", { topic: 'cough', domain: 'health', categories: ['health'] }],
    ["I'm a big fan of the Beatles, saw Paul McCartney live in 2018.", { topic: 'Beatles' }],
    // Self-employed is work, whatever money it makes.
    ['Tomasz is a self-employed joiner so money is up and down.', { domain: 'work' }],
    // A baby due is a pregnancy; a bill due is not. Someone coming up is a visit.
    ["My sister's due in August, it's her first.", { topic: 'sister — pregnancy', categories: ['life_event'] }],
    ['My rent is due on the 1st.', { topic: 'rent' }],
    ["Mum's coming up the weekend after next.", { topic: 'mum — visit' }],
    // Exam results are news.
    ['My son Josh got his GCSE results, 8 9s and a 7!', { categories: ['life_event'] }],
    // A hobby taken up is liked.
    ["I've taken up pottery on Wednesday evenings.", { topic: 'pottery', categories: ['preference'] }],
    // A course at a place of study files under education; citizenship is news.
    ["I'm doing a part-time MA in History at Birkbeck.", { topic: 'studies at Birkbeck', domain: 'education' }],
    ['I have a BA in graphic design from Leeds Beckett.', { topic: 'studies at Leeds Beckett', domain: 'education' }],
    ["I've got a BSc in nursing.", { domain: 'education' }],
    ['Finally got my citizenship!', { categories: ['life_event'] }],
    // A house being bought and a partner made redundant are news; a pet's dysplasia is health.
    ["We've had an offer accepted on a house in Didsbury!", { topic: 'buying a home', domain: 'home', categories: ['life_event'] }],
    ["My partner's been made redundant, so money's going to be tight.", { topic: 'partner — job loss', categories: ['life_event'] }],
    ['My team at work is being restructured so I might be out of a job.', { domain: 'work', categories: ['life_event'] }],
    ['My dog Bramble has hip dysplasia so we keep walks short.', { categories: ['health'] }],
    // Sight loss and heartburn are health; no spicy food is a constraint.
    ["I'm registered blind, so please keep answers screen-reader friendly.", { domain: 'health', categories: ['health', 'constraint'] }],
    ['No spicy food for me, I get terrible heartburn.', { domain: 'health', categories: ['health', 'constraint'] }],
    ["Oh and no pork, I'm Muslim.", { categories: ['identity', 'constraint'] }],
    // "is" is never the topic; "before work" is a time, not work; the middle one is a child.
    ['My eldest is off to uni in September.', { topic: 'eldest — uni' }],
    ["We're emigrating to New Zealand next spring!", { topic: 'move' }],
    ['My wife is due to give birth any day now!', { topic: 'wife — pregnancy' }],
    ["The youngest has chickenpox so I'm working from home.", { domain: 'family', categories: ['health', 'relationship'] }],
    ['I try to swim three mornings a week before work.', { domain: 'hobbies' }],
    ['Our middle one is obsessed with dinosaurs.', { topic: 'middle one — dinosaurs', domain: 'family' }],
    // A hobby's word is a whole word: "single", "skills" and "skirt" are no singing or skiing.
    ["I'm a single dad to a 12 year old.", { domain: 'family' }],
    ['My sister has amazing people skills.', { domain: 'family' }],
    // What the health category names files under health ("diabetic", "wheelchair" were personal).
    ["I'm type 1 diabetic and use a pump.", { domain: 'health' }],
    ['I use a wheelchair so step-free access matters.', { domain: 'health' }],
    ["We're homeschooling our two.", { domain: 'education' }],
    ['I play five-a-side on Wednesdays.', { domain: 'hobbies' }],
    // Back from somewhere is a trip there.
    ['Just got back from Peru, the Inca trail was incredible.', { topic: 'trip to Peru', domain: 'travel' }],
    // One's job is work ("doctor" alone would be health), a parent's is family; interviews and notice are work.
    ["I'm a junior doctor in A&E.", { domain: 'work', categories: ['identity'] }],
    ["I'm a stay at home mum.", { domain: 'family', categories: ['identity'] }],
    ["I'm interviewing at Google next week for a senior role.", { domain: 'work' }],
    ['I handed in my notice today!', { domain: 'work' }],
    ['She went surfing in Cornwall, surfboard and all.', { domain: 'hobbies' }],
    // Someone else's reading or running is no pastime of the speaker's.
    ["I've got a meeting with my son's head teacher on Thursday about his reading.", { domain: 'family' }],
    ["I'm a bit worried about my daughter's running.", { domain: 'family' }],
  ];
  for (const [text, want] of table) {
    it(`"${text}"`, () => {
      const f = only(analyse(text));
      if (want.topic) expect(f.topic).to.equal(want.topic);
      if (want.domain) expect(f.domain).to.equal(want.domain);
      // An empty list says the fact has no category at all.
      if (want.categories) expect(f.categories).to.include.members(want.categories);
      if (want.categories?.length === 0) expect(f.categories).to.deep.equal([]);
    });
  }

  it('reads a place won to study as news, not a liking', () => {
    for (const text of ['My eldest, Zara, got into Durham to study law!', 'I got a place at Bristol to do medicine.']) {
      const f = only(analyse(text));
      expect(f.categories, text).to.include('life_event');
      expect(f.categories, text).to.not.include.members(['preference', 'health']);
    }
    expect(only(analyse('I got into running to clear my head.')).categories).to.include('preference');
  });

  it('files a sentence with no one as its subject under the speaker, not the place, thing or employer it names', () => {
    const moved = analyse('She moved to Leeds last year.');
    expect(only(moved).subjectKey).to.equal('self');
    expect(only(analyse('He works at Google.')).subjectKey).to.equal('self');
    expect(only(analyse('The kids are obsessed with Bluey right now.')).subjectKey).to.equal('self');
    expect(only(analyse('Petrol to Lowestoft every week is on top, about £60 a month.')).subjectKey).to.equal('self');
    // A pet of theirs is still whom it is about.
    const rex = analyse('He loves his dog Rex.');
    expect(rex.entities.find((e) => e.key === only(rex).subjectKey)?.name).to.equal('Rex');
  });

  it('reads a new way of working as no move of house', () => {
    // "Our company is moving to a 4 day week" had been a life event, a move.
    for (const text of ['Our company is moving to a 4 day week from June.', "I've moved to part-time since the baby."])
      expect(only(analyse(text)).categories, text).to.not.include('life_event');
    expect(only(analyse("We're moving to a bigger house in June.")).categories).to.include('life_event');
  });

  it('reads one\'s own childhood as no child, and a favourite said without "my" as the speaker\'s', () => {
    // "since I was a kid" had made a relationship in the family domain.
    const fan = only(analyse('I support Leeds United, have done since I was a kid.'));
    expect(fan.categories).to.not.include('relationship');
    expect(fan.domain).to.not.equal('family');
    expect(only(analyse('When my kids were little we went every year.')).categories).to.include('relationship');
    expect(only(analyse("I'm allergic to penicillin, found out the hard way as a kid.")).categories).to.not.include('relationship');
    // A degree's class is education ("a 2:1 in Economics" had been personal).
    expect(only(analyse('I got a 2:1 in Economics from Warwick back in 2012.')).domain).to.equal('education');
    // "Favourite band is Radiohead" had been filed under Radiohead, with no "the user's".
    const band = only(analyse('Favourite band is Radiohead, saw them 4 times.'));
    expect(band.subjectKey).to.equal('self');
    expect(band.summary).to.match(/^The user's favourite band is Radiohead/);
  });

  it('files getting into a school as news, not as an interest', () => {
    expect(only(analyse('My son passed his 11+ and got into the grammar school!')).categories).to.not.include('preference');
    expect(only(analyse("I've really got into baking lately.")).categories).to.include('preference');
  });

  it('files someone described as retired under who they are, not as a life event', () => {
    expect(only(analyse('My stepdad Kevin is a retired firefighter.')).categories).to.not.include('life_event');
    expect(only(analyse('My manager Karen put me on a performance plan.')).categories).to.not.include('plan');
    expect(only(analyse('My dad retired in March.')).categories).to.include('life_event');
  });

  it('files what the person asks every answer to leave out or keep to as a constraint, and foods left out after "so"', () => {
    for (const [text, summary] of [
      ["No spoilers please, I'm only on season 2!", 'The user wants no spoilers, they are only on season 2.'],
      ['Keep it simple, English is my second language.', 'The user wants you to keep it simple, English is their second language.'],
      ["I'm pregnant so no soft cheese or raw fish.", 'The user is pregnant so no soft cheese or raw fish.'],
      ['My husband is diabetic so meals need to be low sugar.', "The user's husband is diabetic so meals need to be low sugar."],
    ] as const) {
      const fact = only(analyse(text));
      expect(fact.summary, text).to.equal(summary);
      expect(fact.categories, text).to.include('constraint');
    }
  });

  it('files a diet one keeps as a constraint, not one left', () => {
    for (const text of ["I'm vegetarian, I eat fish sometimes.", "I'm vegan now, I was vegetarian before."])
      expect(only(analyse(text)).categories, text).to.include('constraint');
    for (const text of ["I'm not vegetarian anymore, started eating fish again last month.", "I'm no longer vegan."])
      expect(only(analyse(text)).categories, text).to.not.include('constraint');
  });

  it('names the pets of "called them … and …", and keeps a saint\'s church whole', () => {
    const pets = analyse('Just adopted two kittens from the RSPCA, called them Salt and Pepper.').entities.filter((e) => e.kind === 'pet');
    expect(pets.map((e) => e.name)).to.include.members(['Salt', 'Pepper']);
    expect(analyse('Just adopted two kittens, called them Salt and Pepper.').entities.filter((e) => e.kind === 'person')).to.deep.equal([]);
    expect(byName(analyse("We lost Grandma on Sunday, the funeral is next Friday at St Mark's."), "St Mark's")).to.include({ kind: 'place' });
  });

  it("keeps the ex's name, after a comma too, and never takes it for someone addressed", () => {
    const ex = analyse("Please don't ever mention my ex, Mark.");
    expect(only(ex).summary).to.equal("Please don't ever mention the user's ex, Mark.");
    expect(only(ex).topic).to.equal('no mentioning ex');
    expect(byName(ex, 'Mark')).to.include({ kind: 'person', relation: null });
    expect(byName(analyse('My ex-wife Sarah is remarrying.'), 'Sarah')).to.include({ kind: 'person', relation: null });
    // "my ex" followed by any word is the ex, unless the word names the role ("my ex wife").
    expect(byName(analyse('My ex and I share custody of our daughter.'), 'ex')).to.include({ kind: 'person', relation: null });
    expect(only(analyse('My ex is getting remarried.')).topic).to.equal('ex — marriage');
  });

  it('names no one after a holiday', () => {
    for (const text of ["We got engaged on Valentine's Day!", "Mother's Day is on Sunday and I haven't got her anything."])
      expect(
        analyse(text)
          .entities.filter((e) => e.kind !== 'self')
          .map((e) => e.name),
        text,
      ).to.deep.equal([]);
  });

  it('files a restriction said to be over as no constraint, and one begun as one', () => {
    for (const text of ["I'm gluten free now, doctor's orders.", "I don't drink anymore, it wasn't doing me any good.", 'I no longer eat meat.'])
      expect(only(analyse(text)).categories, text).to.include('constraint');
    for (const text of ["Actually I'm no longer allergic to cats, grew out of it.", "My son isn't allergic to eggs any more!"])
      expect(only(analyse(text)).categories, text).to.not.include('constraint');
  });

  it('files what is dated after the message as a plan, and not what is dated before it', () => {
    expect(only(analyse("I'm flying to Berlin on the 14th for a conference")).categories).to.include('plan');
    expect(only(analyse('Our wedding is in Tuscany in September')).categories).to.include.members(['life_event', 'plan']);
    expect(only(analyse('I flew to Berlin on the 4th for a conference')).categories).to.not.include('plan');
  });

  it('reads interests with a strength: love > really into > like > getting into > "sometimes a bit"', () => {
    const strength = (text: string) => only(analyse(text)).interest;
    expect(strength('I love hiking')).to.deep.equal({ topic: 'hiking', strength: 0.9 });
    expect(strength("I'm really into pottery these days")).to.deep.equal({ topic: 'pottery', strength: 0.75 });
    expect(strength('I like to cook')).to.deep.equal({ topic: 'cooking', strength: 0.6 });
    expect(strength('My hobby is chess')).to.deep.equal({ topic: 'chess', strength: 0.7 });
    expect(strength("I've been getting into running")).to.deep.equal({ topic: 'running', strength: 0.45 });
    expect(strength("I've been getting really into bouldering lately")).to.deep.equal({ topic: 'bouldering', strength: 0.6 });
    expect(strength("I've got really into sourdough baking")).to.deep.equal({ topic: 'sourdough baking', strength: 0.6 });
    expect(strength('I sometimes like jazz a bit')!.strength).to.be.lessThan(0.45);
    // Dislikes are preferences, not interests; loving a person is no interest.
    for (const text of ['I hate mushrooms', "I don't like crowds", 'I love my wife', 'It looks like rain'])
      expect(analyse(text).facts[0]?.interest, text).to.equal(undefined);
    expect(only(analyse('I hate mushrooms')).categories).to.include('preference');
  });

  it('takes no clause for an interest, and cuts a phrase before a comparison, a span of time or a dangling word', () => {
    // Development conversations gave interests that were a clause, the bare word "is", a phrase running on into a
    // comparison or a span of time, and a phrase ending on a dangling word.
    const interest = (text: string) => analyse(text).facts.find((f) => f.interest)?.interest?.topic;
    for (const text of [
      'I love how you arranged it.',
      'I like that it teaches me patience.',
      'I love this, it reminds me why I started.',
      'I love is wonderful',
    ])
      expect(interest(text), text).to.equal(undefined);
    expect(interest('I love both jazz like Coltrane and newer stuff.')).to.equal('jazz');
    expect(interest('I started beekeeping two years ago.')).to.equal('beekeeping');
    expect(interest('I love gardening here about a year now.')).to.equal('gardening here');
    expect(interest('I love all the red maples in autumn.')).to.equal('red maples');
    expect(interest('I love caring more about local history.')).to.equal('caring more about local history');
    expect(interest('I love learning about volcanoes.')).to.equal('learning about volcanoes');
  });

  it('gives the gravity table', () => {
    expect(gravityFor('person', 'spouse')).to.equal(0.95);
    expect(gravityFor('person', 'child')).to.equal(0.95);
    expect(gravityFor('organization', 'employer')).to.equal(0.85);
    expect(gravityFor('person', 'parent')).to.equal(0.85);
    expect(gravityFor('pet', 'pet')).to.equal(0.7);
    expect(gravityFor('person', 'coworker')).to.equal(0.4);
    expect(gravityFor('person', null)).to.equal(0.35);
    expect(gravityFor('place', null)).to.equal(0.3);
    expect(gravityFor('concept', null)).to.equal(0.2);
    expect(gravityFor('self', null)).to.equal(1);
  });
});

describe('analyse: realistic messages', () => {
  it('a chat message with a pet adoption, a spouse and a new job', () => {
    const text =
      "Hey! So yesterday my husband Tom and I finally adopted a puppy, we named her Biscuit 🐶 I'm so happy. Also I start my new job at Stripe next Monday, kinda nervous lol";
    const a = analyse(text);
    assertValid(a);
    const [adoption, happy, job] = a.facts;
    expect(a.facts).to.have.length(3);

    const tom = byName(a, 'Tom');
    expect(tom).to.include({ kind: 'person', relation: 'spouse', gravity: 0.95 });
    expect(tom.aliases).to.deep.equal(['husband']);
    const biscuit = byName(a, 'Biscuit');
    expect(biscuit).to.include({ kind: 'pet', relation: 'pet' });
    const stripe = byName(a, 'Stripe');
    expect(stripe).to.include({ kind: 'organization', relation: 'employer', gravity: 0.85 });

    expect(adoption).to.include({ subjectKey: 'self', eventDate: '2023-05-07', datePrecision: 'day', domain: 'pets' });
    expect(adoption!.mentionKeys).to.have.members([tom.key, biscuit.key]);
    expect(adoption!.summary).to.equal(
      "Yesterday the user's husband Tom and the user finally adopted a puppy, they named her Biscuit (on 2023-05-07).",
    );
    expect(adoption!.categories).to.include('life_event');

    expect(happy!.summary).to.equal('The user is so happy.');

    expect(job).to.include({ subjectKey: 'self', topic: 'job at Stripe', domain: 'work', eventDate: '2023-05-15', datePrecision: 'day' });
    expect(job!.summary).to.equal('The user starts their new job at Stripe next Monday, kinda nervous (on 2023-05-15).');
    expect(job!.categories).to.include.members(['life_event', 'plan']);
  });

  it('a longer message with known entities, a constraint and small talk around it', () => {
    const text =
      "Morning! Quick update: my wife's been really stressed since her mom got diagnosed with cancer in March. " +
      "We're flying to Denver on Friday to help out. Oh and please don't book anything with peanuts for me, I'm allergic. Thanks!!";
    const a = analyse(text, [SARAH, ACME]);
    assertValid(a);
    expect(a.facts.map((f) => f.subjectKey)).to.deep.equal(['k:k-sarah', 'self', 'self']);
    const [stress, trip, allergy] = a.facts;
    expect(stress!.eventDate).to.equal('2023-03-01');
    expect(stress!.domain).to.equal('relationships');
    expect(trip).to.include({ eventDate: '2023-05-12', domain: 'travel' });
    expect(byName(a, 'Denver').kind).to.equal('place');
    expect(allergy!.categories).to.include('constraint');
  });
});

describe('analyse: properties', () => {
  const token = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom(
      '[REDACTED:ssn]',
      '[REDACTED:credit_card]',
      'my wife',
      'Sarah',
      'Bram',
      'I',
      "I'm",
      'my dog Max',
      'yesterday',
      'next Monday',
      'in May 2022',
      'allergic',
      'love',
      'work at',
      'Acme',
      '🐶',
      '!!',
      '...',
      '?',
      '.',
      ',',
      'Dr.',
      '3.50',
      'named her',
      'adopted a puppy',
      'and I',
      'we',
      '\n',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'my constructor',
      'I constructor',
    ),
  );
  const message = fc.array(token, { maxLength: 40 }).map((parts) => parts.join(' '));

  it('never throws and returns valid shapes on random text, for every speaker', () => {
    fc.assert(
      fc.property(
        message,
        fc.constantFrom('user', 'other', 'assistant' as const),
        fc.constantFrom(undefined, 'Sarah', 'Marisol', 'Bram'),
        (text, speaker, speakerName) => {
          const self: KnownEntity = { id: 'k-self', name: 'self', kind: 'self', relation: null, aliases: ['jon'], gravity: 1 };
          const a = analyseMessage(text, { speaker, eventTime, known: [SARAH, UNNAMED_WIFE, MAX, ACME, self], speakerName });
          assertValid(a);
          if (speaker === 'assistant') expect(a).to.deep.equal({ entities: [], facts: [] });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        assertValid(analyseMessage(text, ctx([SARAH])));
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(message, (text) => {
        expect(analyseMessage(text, ctx([SARAH]))).to.deep.equal(analyseMessage(text, ctx([SARAH])));
      }),
      { numRuns: 100 },
    );
  });
});

describe('analyse: names of address, -ing openers, rewrite slips and whose interest', () => {
  const said = (text: string, speaker: AnalysisContext['speaker'] = 'other', speakerName = 'Wanda', known: KnownEntity[] = []) =>
    analyseMessage(text, { speaker, eventTime, known, speakerName });
  const ROLF_SELF: KnownEntity = { id: 'k-self', name: 'self', kind: 'self', relation: null, aliases: ['rolf'], gravity: 1 };

  it('drops a sentence that is only an address with greetings, thanks or exclamations', () => {
    for (const text of [
      'Thanks, Rolf.',
      'Rolf.',
      'Definitely, Rolf.',
      'Hey Bea!',
      'Woohoo Beatrix.',
      'No worries, Rolf',
      'Thanks, Rolf! 😊',
      'Congrats, Rolf!',
    ]) {
      const a = said(text, 'other', 'Wanda', [ROLF_SELF]);
      expect(a.facts, text).to.deep.equal([]);
      expect(
        a.entities.filter((e) => e.key !== 'other_speaker'),
        text,
      ).to.deep.equal([]);
    }
  });

  it('takes a name of address out of the mentions and keeps the rest of the sentence', () => {
    // The user Rolf tells Wanda about himself: the subject is Rolf (the self entity), never Wanda.
    const a = said("Wanda, you won't believe it – Rolf got coached by a famous chef.", 'user', 'Rolf');
    expect(a.entities.map((e) => e.name)).to.not.include('Wanda');
    expect(only(a).subjectKey).to.equal('self');
    // Wanda tells Rolf about Tom: the subject is Tom, and Rolf is no mention.
    const b = said("Rolf, you won't believe it – Tom got coached by a famous chef.", 'other', 'Wanda', [ROLF_SELF]);
    expect(only(b).subjectKey).to.equal(byName(b, 'Tom').key);
    expect(only(b).mentionKeys).to.not.include('self');
    const end = said('I finally opened my flower shop, Rolf!', 'other', 'Wanda', [ROLF_SELF]);
    expect(only(end).mentionKeys).to.deep.equal([]);
    expect(only(end).summary).to.equal('Wanda finally opened their flower shop.');
    expect(only(said('Hey Rolf, I opened my shop last week!', 'other', 'Wanda', [ROLF_SELF])).mentionKeys).to.not.include('self');
  });

  /** Wanda answers Odile Brun, who spoke last. */
  const toOdile = (text: string) =>
    analyseMessage(text, {
      speaker: 'other',
      eventTime,
      known: [],
      speakerName: 'Wanda',
      previous: { text: 'Only once!', speaker: 'user', speakerName: 'Odile Brun' },
    });

  it("takes the listener's name opening or closing a sentence without a comma for an address, not a mention", () => {
    for (const text of ['It was every week Odile.', 'Classic Odile.', 'Odile guess what'])
      expect(
        toOdile(text).facts.map((f) => f.summary),
        text,
      ).to.deep.equal([]);
    const news = toOdile('Odile guess what, I adopted a greyhound called Pip last week.');
    expect(news.entities.map((e) => e.name)).to.not.include('Odile');
    expect(news.facts.map((f) => f.summary).join(' ')).to.match(/greyhound/);
    // After a word that takes it as an object, or from someone else's mouth, the name is what the sentence is about.
    expect(
      toOdile('I gave the spare key to Odile.')
        .facts.map((f) => f.summary)
        .join(' '),
    ).to.match(/Odile/);
    expect(said('It was every week Odile.').entities.map((e) => e.name)).to.include('Odile');
  });

  it('keeps a name set off at the start when the listener is someone else: it is what the sentence is about', () => {
    expect(
      toOdile('Kelsae, same as my dad used to grow.')
        .facts.map((f) => f.summary)
        .join(' '),
    ).to.match(/Kelsae/);
    expect(toOdile('Odile, you will never guess what grew.').entities.map((e) => e.name)).to.not.include('Odile');
    expect(toOdile('Ciao, Odile!').facts).to.deep.equal([]);
    // With no listener known, a name set off at the start is still read as an address.
    expect(said('Kelsae, same as my dad used to grow.').entities.map((e) => e.name)).to.not.include('Kelsae');
  });

  it('keeps lists, appositions and places after a comma as mentions', () => {
    expect(byName(said('I went to Paris, France.'), 'France').kind).to.equal('place');
    expect(only(said('Sarah, my wife, loves hiking.', 'user', 'Rolf')).subjectKey).to.equal(
      byName(said('Sarah, my wife, loves hiking.', 'user', 'Rolf'), 'Sarah').key,
    );
    expect(said('I met Tom, Sue and Ann at the gym.').entities.map((e) => e.name)).to.include.members(['Tom', 'Sue', 'Ann']);
  });

  it('never makes an entity of an interjection', () => {
    for (const text of [
      'Woah, I finally got the job!',
      'Wow I ran a marathon',
      'Woohoo! I passed my exam.',
      'Yay, I adopted a cat.',
      'Omg I got engaged!',
      'Hahaha I fell off my bike.',
      'Yaaay I got promoted!',
    ]) {
      const a = said(text);
      expect(a.facts.length, text).to.be.greaterThan(0);
      expect(
        a.entities.filter((e) => /^(w|y|o|h)/i.test(e.name) && e.kind !== 'person').map((e) => e.name),
        text,
      ).to.deep.equal([]);
      expect(
        a.entities.map((e) => e.name.toLowerCase()),
        text,
      ).to.not.include.members(['woah', 'wow', 'woohoo', 'yay', 'omg', 'hahaha', 'yaaay']);
    }
  });

  it('reads a subject-less sentence opening with an -ing verb as the speaker speaking', () => {
    const a = only(said("Researching cooking schools — it's been a goal of mine for years."));
    expect(a.subjectKey).to.equal('other_speaker');
    expect(a.summary).to.match(/^Wanda is researching cooking schools/);
    expect(only(said('Thinking about going back to school.')).summary).to.equal('Wanda is thinking about going back to school.');
    expect(only(said('Thanks, Rolf. Still working on opening a flower shop.', 'other', 'Wanda', [ROLF_SELF])).summary).to.equal(
      'Wanda is still working on opening a flower shop.',
    );
    // A gerund that is the subject of its clause stays one.
    expect(only(said('Restoring furniture is my passion.')).summary).to.equal("Restoring furniture is Wanda's passion.");
  });

  it('rewrites "wanna" and keeps "no" that is no filler', () => {
    expect(only(said('I wanna open a flower shop.')).summary).to.equal('Wanda wants to open a flower shop.');
    expect(only(said('No one in my family sails, but I love it.')).summary).to.match(/^No one in Wanda's family/);
    expect(only(said('No, I never quit my job.')).summary).to.equal('Wanda never quit their job.');
  });

  it("words another speaker's interest with their name and files it under their entity, keyed by it", () => {
    const person = { known: [], suppressed: [], version: 0, injected: [] };
    const other = said('I love vintage typewriters.');
    expect(only(other).interest).to.include({ topic: 'vintage typewriters', holderKey: 'other_speaker', holderName: 'Wanda' });
    const plan = planWrite(other, person);
    const wanda = plan.entities.find((e) => e.key === 'other_speaker')!;
    expect(plan.interests).to.have.length(1);
    expect(plan.interests[0]).to.include({
      ownerId: wanda.id,
      key: `${wanda.id}|vintage typewriters`,
      summary: 'Wanda is interested in vintage typewriters.',
    });
    expect(plan.interests[0]!.ownerId).to.not.equal(plan.selfId);
    // The user's own interest: under the self entity, keyed by the topic alone, as before.
    const own = planWrite(analyse('I love vintage typewriters.'), person);
    expect(own.interests[0]).to.include({
      ownerId: own.selfId,
      key: 'vintage typewriters',
      summary: 'The user is interested in vintage typewriters.',
    });
    const named = planWrite(said('I love vintage typewriters.', 'user', 'Rolf'), person);
    expect(named.interests[0]).to.include({
      ownerId: named.selfId,
      key: 'vintage typewriters',
      summary: 'Rolf is interested in vintage typewriters.',
    });
  });
});
