// Extraction that keeps the information (issue 18, part 3): each memory says something on its own. Invented
// examples, several of each kind.
import { expect } from 'chai';
import { analyseMessage } from '../../src/ingest/analysis/analyse.js';
import { planWrite } from '../../src/ingest/plan.js';
import type { AnalysisContext, FactCandidate } from '../../src/ingest/analysis/types.js';

// Monday, 8 May 2023.
const eventTime = new Date('2023-05-08T13:56:00Z');
const said = (text: string, extra: Partial<AnalysisContext> = {}) => analyseMessage(text, { speaker: 'user', eventTime, known: [], ...extra });
const summaries = (text: string, extra: Partial<AnalysisContext> = {}) => said(text, extra).facts.map((f) => f.summary);
const one = (text: string, extra: Partial<AnalysisContext> = {}): FactCandidate => {
  const facts = said(text, extra).facts;
  expect(
    facts.map((f) => f.summary),
    text,
  ).to.have.length(1);
  return facts[0]!;
};
const asked = (question: string, answer: string, speaker: 'assistant' | 'other' = 'assistant') =>
  said(answer, { previous: { text: question, speaker, ...(speaker === 'other' ? { speakerName: 'Ines' } : {}) } }).facts;

describe('extraction: no content-free memories', () => {
  it('drops acknowledgements, praise and greetings of the listener', () => {
    for (const text of [
      'Sounds great, Odile.',
      // A sign-off with love.
      'Love to Keiko and the boys.',
      'Love you, big brother.',
      'Love you lots xx',
      'Give my love to your mum.',
      // A greeting for the time of day, with or without "good".
      'Morning Odile.',
      'Evening, Odile!',
      'Afternoon Odile Brun.',
      "You're so considerate!",
      // What the listener is called as praise, alone.
      'Legend.',
      'Absolute star!',
      "That's amazing, great job!",
      "I'm so proud of you!",
      'Thanks for sharing that, it means a lot.',
      "Wow, that's so cool! Keep it up!",
      "That's so funny!",
      "I'm glad you had fun.",
      "You're so talented and passionate about carpentry.",
      "You're remarkably skilled and passionate about carpentry.",
      'Your patience and grit is so admirable.',
      // Praise of the assistant, however it is compared.
      "You're so much better than Siri lol",
      "You're a lifesaver!",
      'Your store looks great.',
      // Advice to the listener, in the impersonal "it's … to".
      "It's important to take care of your health.",
      "It's so important to look after yourself.",
      "It's so nice to have friends like you who share my dreams.",
      // Idling, with nothing said of where or with whom.
      'Just chilling.',
      // A greeting for an occasion, to anyone.
      'Happy birthday to him!',
      'Happy new year, Sam!',
      'Happy gotcha day, Biscuit!',
      // A gerund subject and its own verb: nothing of the speaker's (no "the user is holding …").
      "Holding a baby doesn't count as exercise.",
    ])
      expect(summaries(text), text).to.deep.equal([]);
    // The speaker's own "it's … to" stays.
    expect(summaries("It's hard to find time for painting with the kids.")).to.have.length(1);
    // … and what one answers, even after a question: "Legend" is no answer to "Can you check the menu?".
    expect(asked('Could you ask them to check the menu for peanuts?', 'legend.')).to.deep.equal([]);
    expect(asked('How is your knee now?', 'Better, just stiff in the mornings.').map((f) => f.summary)).to.have.length(1);
    // Praise with something of the speaker's in it is theirs.
    expect(summaries('Your studio looks great, I love the mirrors I helped hang.')).to.have.length(1);
  });

  it('drops the two of them not having talked for a while', () => {
    expect(summaries("Hiya Odile, haven't chatted in ages. Spent the weekend repainting the hall.")).to.deep.equal([
      'The user spent the weekend repainting the hall.',
    ]);
  });

  it('drops thanks, support and feelings about the listener or the relationship with nothing concrete in them', () => {
    for (const text of [
      'Thanks for always being on my side.',
      'Thanks for always standing up for me.',
      'Really grateful, thanks for letting me join you on your journey.',
      'Your kind words mean the world to me.',
      "I'm so glad we can always support each other.",
      "I'm so glad we can always lean on each other.",
      "We'll keep cheering each other on!",
      "I'm always here for you, cheering you on all the way, Tomas!",
      "I'm always here for you, cheering you on every step, Tomas!",
      'I appreciate our friendship so much.',
      'Talk to you soon!',
      'Wishing you both a lifetime of happiness!',
      'Good luck with your exam on Friday!',
      'I really hope you have a wonderful time in Lisbon.',
      'Thanks for sharing this journey with me, Odile.',
      'Thanks for sharing this moment with me, Odile.',
      'It means so much to me.',
      'It matters so much to me.',
    ])
      expect(summaries(text), text).to.deep.equal([]);
    // What follows a courtesy stands without it.
    expect(summaries("I'm heading to the climbing gym with my niece. Talk to you soon!")).to.deep.equal([
      'The user is heading to the climbing gym with their niece.',
    ]);
  });

  it('keeps thanks, support and wishes that carry something', () => {
    expect(summaries('Thanks for asking, they are fine - we adopted another rabbit named Pip.').join(' ')).to.match(/adopted another rabbit/);
    expect(summaries('Thanks, I love the green teapot in the photo!').join(' ')).to.match(/green teapot/);
    expect(summaries('I hope you can come to my graduation in June.').join(' ')).to.match(/graduation in June/);
    expect(summaries("I'm so glad I finally ran that marathon with you.").join(' ')).to.match(/ran that marathon/);
    expect(summaries("I won't give up on the bakery, your words keep me going.").join(' ')).to.match(/give up on the bakery/);
  });

  it("drops the speaker's feeling or guess about what the listener does", () => {
    for (const text of [
      "I'm so proud of you for finishing the night course!",
      'Really impressed by your patience with the new puppy.',
      'Love how you turned the old shed into a studio.',
      "Wow, I'm so happy for you that the bakery is finally open.",
      "I'm sure you'll ace the interview on Monday.",
      "I'm happy you found a hobby that makes you smile.",
      'I bet you felt great crossing the finish line.',
      "It's wonderful to see how devoted you are to coaching those teenagers.",
      "It's amazing to see how much you've grown!",
    ])
      expect(summaries(text), text).to.deep.equal([]);
    expect(summaries("We finally repainted the porch. It's great to see you teaching pottery at the college again.")).to.deep.equal([
      'The user and others finally repainted the porch.',
    ]);
    // The speaker's own part stays.
    expect(summaries("I'm so proud of you for coming to my recital last night.").join(' ')).to.match(/recital/);
    expect(summaries("I'm so proud of my brother for finishing the course.").join(' ')).to.match(/brother/);
    expect(summaries('I love how my garden looks in June.').join(' ')).to.match(/garden/);
    expect(summaries("I think you'd love my new bakery on Elm Street.").join(' ')).to.match(/new bakery on Elm Street/);
    expect(summaries("I'm sure my sister will love the scarf.").join(' ')).to.match(/sister will love the scarf/);
    expect(summaries('I know your brother from the climbing club.').join(' ')).to.match(/brother from the climbing club/);
  });

  it('drops a resolve to carry on that says nothing of what, unless the next sentence goes on about it', () => {
    for (const text of [
      "I'm gonna keep it up!",
      "It's still in progress, but I'm trying my best.",
      "It's far from finished, but I'm trying my hardest.",
      "I'll definitely keep going.",
    ])
      expect(summaries(text), text).to.deep.equal([]);
    expect(summaries("I'm gonna keep it up. Partly for my lungs but mostly for the quiet it brings me.").join(' ')).to.match(/quiet it brings/);
    expect(summaries("I won't give up on the bakery.").join(' ')).to.match(/give up on the bakery/);
    expect(summaries("I'll keep practising the cello every evening.").join(' ')).to.match(/cello/);
  });

  it('an opening -ing phrase about the listener or remarked on, or the subject of a verb, is not what the speaker is doing', () => {
    expect(summaries("Taking in three foster kids - you're so generous!")).to.deep.equal([]);
    expect(summaries('Sharing your recipes online might help a lot of people.')).to.deep.equal([]);
    expect(summaries('Watching the snow fall over the valley was so serene, it made me feel calm.')).to.deep.equal([
      'Watching the snow fall over the valley was so serene, it made the user feel calm.',
    ]);
    expect(summaries("Painting murals with the neighbours, that's what keeps me sane.")).to.deep.equal([
      "Painting murals with the neighbours, that's what keeps the user sane.",
    ]);
    // A dropped "I'm": a later clause with its own subject, or a remark about the day, does not change that.
    expect(summaries('Working on a quilt that is due on Friday.')[0]).to.match(/^The user is working on a quilt/);
    expect(summaries('Watching the rain with my dad, which is always cosy.')[0]).to.match(/^The user is watching the rain/);
    expect(summaries("Heading to the pool with my nephew - it's so hot today!")[0]).to.match(/^The user is heading to the pool/);
  });

  it('keeps what the same sentences say when they carry something', () => {
    expect(summaries("That's my favourite bakery, they do rye with caraway.").join(' ')).to.match(/rye with caraway/);
    expect(summaries("I'm so happy, I passed my driving test!").join(' ')).to.match(/passed their driving test/);
    expect(summaries("My sister runs a bakery on Elm Street. That's where I work on Saturdays.").join(' ')).to.match(
      /bakery on Elm Street\. That's where the user works on Saturdays/,
    );
  });
});

describe('extraction: a sentence that leans on its neighbour', () => {
  const cases: Array<[string, RegExp[]]> = [
    ['That was Peru. The mountain villages amazed me, and the food was incredible.', [/Peru/, /mountain villages/]],
    ['This was Japan. The megacities impress me.', [/Japan/, /megacities/]],
    ['I spent April in Morocco. It was the dustiest, loudest, most wonderful month of my life.', [/Morocco/, /dustiest/]],
    ['We finally visited the glass museum. They had a whole room of Venetian chandeliers.', [/glass museum/, /chandeliers/]],
    ["I got a new job! It's at a bakery near the station.", [/new job/, /bakery near the station/]],
    // A remark on something the sentence before brought along, named by "the".
    ['We spent a week in Kyoto. The temples were stunning.', [/Kyoto/, /temples were stunning/]],
    // What a verb did to "it": the thing the sentence before named.
    ['I finally sold the oak dresser! A couple from Leeds came by on Saturday and bought it on the spot.', [/oak dresser/, /bought it/]],
    ['Finally tried the new ramen place. The broth was incredible.', [/ramen place/, /broth was incredible/]],
    // What it took or cost, its "it" dropped, is the thing the sentence before did.
    ['I finally finished the quilt for my niece. Took me four months!', [/finished the quilt/, /It took the user four months/]],
    ["We've just had our kitchen redone. Took four months and went way over budget.", [/kitchen redone/, /It took four months/]],
    // An opening "his" is the one person before, even when the sentence goes on to name someone.
    ['My brother is getting married in June. His fiancée is called Chloe.', [/brother is getting married/, /fiancée is called Chloe/]],
    // Doing something with "it", no subject of its own: what the sentence before told.
    [
      'My dad passed away in February. Still finding it hard, especially on Sundays when we used to watch football together.',
      [/dad passed away/, /watch football/],
    ],
    ['Moved to Leeds in March. Still getting used to it.', [/Leeds/, /getting used to it/]],
    // … or named it: a trip to a place, a named thing.
    ['We went to Rome last week. Loved it.', [/went to Rome/, /loved it/]],
    // Kept on its own too, but "the teacher" is the class's.
    [
      "I've joined a watercolour class. The teacher is a retired illustrator called Sylvia.",
      [/watercolour class/, /teacher is a retired illustrator called Sylvia/],
    ],
    ['My old street flooded last week. The drains were never fixed so lots of cellars were ruined.', [/flooded/, /cellars were ruined/]],
    // A verbless phrase done "again" is what the sentence before did once more.
    ["I sowed the tomatoes yesterday. Gardener's Delight again, it never lets me down.", [/sowed the tomatoes/, /Gardener's Delight again/]],
    ['We made dinner for the twins. Lasagne as usual, they asked for it.', [/dinner for the user's twins/, /Lasagne as usual/]],
    // A phrase with no verb of its own says more of what the sentence before named.
    ['We adopted a dog on Tuesday! A retired greyhound called Biscuit from the rescue.', [/adopted a dog/, /retired greyhound called Biscuit/]],
    ['I got the job!!! Junior analyst at Beacon, £30,500, starting in September.', [/got the job/, /Junior analyst at Beacon/]],
    ['I bought a new car. A red Mazda MX-5, second hand.', [/new car/, /red Mazda/]],
    // A relative clause's verb is the phrase's.
    ['So last night Tom proposed!!! On the beach in Cornwall where we had our first date.', [/Tom proposed/, /beach in Cornwall/]],
    // A headline (a thing and what was done to it) and the sentence that tells it.
    ['roof sorted! tom said the lead flashing round the chimney had cracked.', [/Roof sorted/, /lead flashing/]],
    ['Passport renewed. Took 3 weeks.', [/Passport renewed/, /3 weeks/]],
    // When what was said before begins, and nothing more: the new job starts on Monday.
    ["I'm now head of design at Kite. Starting on Monday.", [/head of design at Kite/, /Starting on Monday/]],
  ];
  for (const [text, parts] of cases)
    it(`"${text}" is one memory holding both`, () => {
      const f = one(text);
      for (const p of parts) expect(f.summary).to.match(p);
    });

  it('names the memory by its first sentence, not by a name said after it', () => {
    expect(one('My brother is getting married in June. His fiancée is called Chloe.').topic).to.equal('brother — marriage');
  });

  it('a sentence with a verb, a new topic or a wish after it is no more of what came before', () => {
    for (const text of [
      'We finished the shed at last. Nadia made me a mug with a bass clef on it.',
      "I haven't seen Rui in eight years. So, Lisbon first, then the train up to Porto.",
      "I'm not rushing that part. Good luck to Kofi with the rest of his exams.",
      // Someone who did something is no headline.
      "Gareth cried. Lou's dad wants a copy.",
    ])
      expect(said(text).facts, text).to.have.length(2);
  });

  it("a sentence that opens with a pronoun for the speaker's group opens with a capital", () => {
    expect(summaries("Lena's with Carla in the morning, and then with me and Nadia in the afternoon. Our first Christmas together.")[0]).to.match(
      /afternoon\. Their first Christmas together\.$/,
    );
  });

  it('a pointing sentence takes along the sentence it points at when that made no memory of its own', () => {
    for (const [text, parts] of [
      ['The twins loved it! They spent the whole afternoon building sandcastles at the lake.', [/twins/, /sandcastles/]],
      ['Our allotment was a jungle. It took three weekends to clear the brambles and dig it over.', [/allotment/, /brambles/]],
    ] as const) {
      const f = one(text);
      for (const p of parts) expect(f.summary, text).to.match(p);
    }
    // Praise of the listener is nothing to point at: the memory keeps only what the speaker said.
    expect(summaries('You did great on that climb! It took me ages to get up there last year.').join(' ')).to.not.match(/did great/);
  });

  it('a sentence about a particular thing opens the memory that follows it, a general remark does not', () => {
    const f = one('That concert last Saturday was unreal! My ears are still ringing.');
    expect(f.summary)
      .to.match(/concert last Saturday/)
      .and.to.match(/ears are still ringing/);
    expect(f.eventDate).to.equal('2023-05-06');
    expect(summaries('Gardening is good for the soul. I planted tomatoes this morning.')).to.deep.equal([
      'The user planted tomatoes this morning (on 2023-05-08).',
    ]);
  });

  it('"he\'s" before a past form and its object is "has"', () => {
    expect(summaries("My son Noah loves chess. He's started learning shogi on an app.")[1]).to.equal('Noah has started learning shogi on an app.');
    expect(summaries("My sister is great. She's married to Tom.")[1]).to.equal("The user's sister is married to Tom.");
  });

  it('a burst of fragments with no verb goes with the short sentence that completes it', () => {
    expect(summaries('KWAME. 31 metres. On Monday. New PB!!')).to.deep.equal(['31 metres. On Monday. New PB (on 2023-05-01).']);
    // One fragment before a sentence of its own stays out, as before.
    expect(summaries('Tired. I am going to bed early tonight.').join(' ')).to.not.match(/Tired/);
  });

  it('a sentence about "his" or "her" joins the memory naming that one person', () => {
    expect(one("My brother is getting married in June and I'm his best man.").summary).to.match(/brother is getting married.*best man/);
    expect(one('My sister Ana visited. I cooked her favourite curry.').summary).to.match(/Ana visited\. The user cooked her favourite curry/);
    // "his" is not one of several named before.
    expect(summaries('My kids adore their grandad. I miss him so much.')).to.have.length(2);
    // "best man" is a role, not carrying on ("I'm doing my best").
    expect(summaries("I'm his best man.")).to.deep.equal(['The user is his best man.']);
    expect(summaries("I'm doing my best.")).to.deep.equal([]);
  });

  it('"we" after a sentence naming one person is the speaker and that person', () => {
    expect(summaries('My sister came over. We baked bread all afternoon.')[1]).to.equal("The user's sister and the user baked bread all afternoon.");
    expect(summaries("I met Tom at the gym. We're training together now.")[1]).to.equal('Tom and the user are training together now.');
    // Not the owner of something, nor the "he" of the same sentence, nor one of several.
    expect(summaries("Tom's wedding was lovely. We danced all night.")[1]).to.equal('The user and others danced all night.');
    expect(summaries('My son fell off his bike. We were so lucky he was okay.').join(' ')).to.match(/The user and others were so lucky/);
    expect(summaries('I met Tom and Raj at the gym. We trained together.')[1]).to.equal('The user and others trained together.');
    // One of "our" people is no partner in "we": the group whose landlord or son it is.
    expect(summaries('Our son Jake came home. We were so relieved.')[1]).to.equal('The user and others were so relieved.');
    // "We're both" is the two of them; "We'd" stays the speaker's group, never "… and I'd" nor "… and I're".
    expect(summaries("I live with my husband Mark. We're both vegetarian.")[1]).to.equal('Mark and the user are both vegetarian.');
    expect(summaries("My sister came over. We'd never tried sourdough before.")[1]).to.equal('The user and others had never tried sourdough before.');
  });

  it('"we" after the one person the speaker was with, met or dates is the two of them', () => {
    expect(one("I'm no longer with Sarah, we broke up in March.").summary).to.match(/^The user is no longer with Sarah, the user and Sarah broke up/);
    expect(one("I met Tom at uni and we've been together ever since.").summary).to.equal(
      'The user met Tom at uni and the user and Tom have been together ever since.',
    );
    // Not anyone merely named ("Rory turns 5 and we're doing a party" is his parents'), nor whom the listener meets.
    expect(one("Rory turns 5 on the 14th and we're doing a party.").summary).to.match(/the user and others are doing a party/);
    expect(one('Come over on Friday, you can meet Femke and we will get you a ticket.').summary).to.not.match(/user and Femke/);
  });

  it('a short sentence about "she", "he" or "they" joins the memory before it rather than vanish', () => {
    expect(one('I sat next to a girl on the night bus. She looked so sad.').summary).to.match(/night bus\. She looked so sad/);
    expect(one('We visited my grandparents at the farm. They were thrilled!').summary).to.match(/farm\. They were thrilled/);
  });

  it('a short sentence of "it" joins the memory that says what it is ("We love it" alone says nothing)', () => {
    expect(summaries('We bought a new sofa last week. We love it.')).to.deep.equal([
      'The user and others bought a new sofa last week. The user and others love it (week of 2023-05-01).',
    ]);
    expect(summaries("Our landlord is putting the rent up by £150 a month. We can't afford it.")).to.deep.equal([
      "The user's landlord is putting the rent up by £150 a month. The user and others can't afford it.",
    ]);
    expect(one('Tom got a puppy. He adores it.').summary).to.equal('Tom got a puppy. Tom adores it.');
  });

  it('showing something of one\'s own ("Check out my …") is said, not a task', () => {
    expect(one('Check out my quilt for the county fair! [shares a photo: a photo of a patchwork quilt]').summary).to.match(
      /^The user showed their quilt for the county fair\. The user shared a photo of a patchwork quilt/,
    );
    expect(one('Check this mug I glazed last week!').summary).to.match(/^The user showed this mug they glazed last week/);
    expect(summaries('Check my essay for typos please.')).to.deep.equal([]);
  });

  it('files the pointer and what follows under the place pointed at', () => {
    const a = said('That was Peru. The mountain villages amazed me, and the food was incredible.');
    expect(a.entities.find((e) => e.key === a.facts[0]!.subjectKey)?.name).to.equal('Peru');
  });

  it('a caption of a shared photo is what the speaker showed, with what they said about it', () => {
    const f = one('Here is our latest canvas from last weekend. [shares a photo: a photo of a painting of a harbour at dusk]', {
      speaker: 'other',
      speakerName: 'Nadia',
    });
    expect(f.summary)
      .to.match(/latest canvas/)
      .and.to.match(/Nadia shared a photo of a painting of a harbour at dusk/);
    expect(one('[shares a photo: a photo of a red kite over a beach]').summary).to.equal('The user shared a photo of a red kite over a beach.');
  });
});

describe('extraction: openers that keep or lose the statement', () => {
  it('"Just wanted to let you know …" tells that the speaker tells: what follows is the memory', () => {
    for (const [text, summary] of [
      ['Just wanted to let you know that I got the apprenticeship at the bakery!', 'The user got the apprenticeship at the bakery.'],
      [
        "Wanted to fill you in on what's been going on recently - I signed up for a glassblowing workshop and loved it.",
        'The user signed up for a glassblowing workshop and loved it.',
      ],
      ["You won't believe it - I ran my first half marathon on Sunday!", 'The user ran their first half marathon on Sunday (on 2023-05-07).'],
      ['Let me tell you, my new bike is a dream on hills.', "The user's new bike is a dream on hills."],
      ["Can't believe I finally finished my thesis!", 'The user finally finished their thesis.'],
      ['Guess what - I got a puppy!', 'The user got a puppy.'],
      ['Turns out my landlord is selling the building.', "The user's landlord is selling the building."],
    ] as const) {
      expect(one(text).summary, text).to.equal(summary);
    }
    // What the speaker cannot believe of their own is filed under them: "my son is graduating" is the son's.
    const son = said("I can't believe my son is graduating next week.");
    expect(son.entities.find((e) => e.key === son.facts[0]!.subjectKey)?.relation).to.equal('child');
    // Without a clause of the speaker's after it, the words stay as they were.
    expect(one('I wanted to tell you about my garden tour last week.').summary).to.match(/^The user wanted to tell you about their garden tour/);
  });

  it('a cover letter, CV or statement asked for a role says the speaker is applying for it', () => {
    expect(summaries('Can you help me write a cover letter for a UX role at the BBC?')).to.deep.equal([
      'The user is applying for a UX role at the BBC.',
    ]);
    expect(one('Could you check my CV for a data analyst job with the NHS?').domain).to.equal('work');
    expect(summaries("Can you write me a cover letter for a senior role at Monzo, I've got 8 years experience.")).to.deep.equal([
      'The user is applying for a senior role at Monzo, the user has got 8 years experience.',
    ]);
    // Work on a text alone says nothing of the speaker.
    expect(summaries('Write a cover letter for this job.')).to.deep.equal([]);
  });

  it('"Don\'t forget to …" is advice, not a request to note what follows', () => {
    const text = "I hiked the coast path last May. Don't forget to bring a rain jacket if you go, it poured on me.";
    expect(summaries(text).join(' ')).to.match(/Don't forget to bring a rain jacket/);
  });

  it('a dropped "I" before a past form the lexicon files as an adjective', () => {
    expect(one('Lost my wallet on the tram yesterday.').summary).to.equal('The user lost their wallet on the tram yesterday (on 2023-05-07).');
    expect(one('Left the office early to catch the ferry.').summary).to.match(/^The user left the office early/);
    // The opening clause lacks its "I" even when a later one has it.
    expect(one("Lost my phone at the gig, so I'm using my old one.").summary).to.equal(
      'The user lost their phone at the gig, so they are using their old one.',
    );
    expect(one('Seeing the crowd sing along, we knew the show worked.').summary).to.match(/^Seeing the crowd sing along/);
  });

  it('"just" before a verb drops an "I"; before a noun or an order it drops none', () => {
    expect(one('Just got back from Porto with my sister.').summary).to.equal('The user just got back from Porto with their sister.');
    expect(summaries('Switching careers is daunting. Just part of the road to growth.').join(' ')).to.not.match(/parts/);
    expect(summaries("It's okay to feel tired. Just remember to pause and take care of yourself, my friend.").join(' ')).to.not.match(
      /the user just remembers/i,
    );
  });

  it('"Can\'t wait" keeps what it waits for, and is nothing without it or about the listener\'s', () => {
    expect(one("Can't wait for my cousin's graduation on Friday!").summary).to.match(/^The user can't wait for their cousin's graduation/);
    for (const text of ["Can't wait to see it!", "I can't wait to see your new place.", "Can't wait to hear more!"])
      expect(summaries(text), text).to.deep.equal([]);
    // Keen, excited or eager to hear or see, and "I'd love to hear more": the same.
    for (const text of [
      "I'm keen to hear about it.",
      "I'd love to hear more about it!",
      "I'm so excited to hear about your trip!",
      'Would love to see another sketch of yours!',
    ])
      expect(summaries(text), text).to.deep.equal([]);
    expect(one("I'm excited to see the Grand Canyon next week.").summary).to.match(/^The user is excited to see the Grand Canyon/);
    expect(one("I'd love to see Japan someday.").summary).to.equal('The user would love to see Japan someday.');
  });

  it('a dropped "I\'m" before a feeling about something; none before thanks, an acknowledgement or the listener', () => {
    expect(one('Yeah! Glad to be part of the choir at last.').summary).to.equal('The user is glad to be part of the choir at last.');
    expect(one('Super excited for the ferry to Orkney next month!').summary).to.match(/^The user is super excited for the ferry to Orkney/);
    expect(one('Hope to visit the salt flats next spring.').summary).to.match(/^The user hopes to visit the salt flats/);
    for (const text of ['Glad to hear it!', 'Happy to help!', 'Appreciate the kind words!', 'So proud of you for finishing the course.', 'Stoked!'])
      expect(summaries(text), text).to.deep.equal([]);
    // Feelings that are also past forms are felt, not done.
    expect(one('Stressed about my exams next week, any revision tips?').summary).to.match(/^The user is stressed about their exams/);
    expect(one('Exhausted after the night shift.').summary).to.equal('The user is exhausted after the night shift.');
    expect(one('So frustrated with the builders, they never turn up.').summary).to.match(/^The user is frustrated with the builders/);
    expect(one("Gutted, didn't get the job at Monzo.").summary).to.match(/^The user is gutted/);
    expect(summaries('Gutted!')).to.deep.equal([]);
  });

  it('an order after a statement is the speaker\'s wish: "… so please don\'t suggest meat" reads "… they want you not to suggest meat"', () => {
    expect(one("I'm vegetarian so please don't suggest meat dishes.").summary).to.equal(
      'The user is vegetarian so they want you not to suggest meat dishes.',
    );
    expect(one("I'm in the US, please use Fahrenheit.")).to.include({ summary: 'The user is in the US, they want you to use Fahrenheit.' });
    expect(one("I'm in the US, please use Fahrenheit.").categories).to.include('constraint');
    // One answer's order stays as said, and a "please" with no statement before it changes nothing.
    expect(one('My daughter is 4 so please keep it simple.').summary).to.equal("The user's daughter is 4 so please keep it simple.");
    expect(one('My daughter is 4 so please keep it simple.').categories).to.not.include('constraint');
    // Paragraphs and time zones are every answer's; "never" is kept as said.
    expect(one("I'm dyslexic so please keep paragraphs short.")).to.deep.include({
      summary: 'The user is dyslexic so they want you to keep paragraphs short.',
    });
    expect(one("I'm dyslexic so please keep paragraphs short.").categories).to.include('constraint');
    expect(one("I'm allergic to nuts so please never suggest recipes with them.").summary).to.match(/wants? you never to suggest recipes/);
    // "only" narrows what is suggested for good, said after a statement or alone; what it narrows for one answer stays as said.
    const access = one('I use a wheelchair, so please only suggest accessible restaurants.');
    expect(access.summary).to.equal('The user uses a wheelchair, so they want you to only suggest accessible restaurants.');
    expect(access.categories).to.include('constraint');
    expect(one('Please only suggest accessible restaurants.')).to.deep.include({
      summary: 'The user wants you to only suggest accessible restaurants.',
    });
    expect(one("I'm tired so please only give me the short version.").summary).to.equal(
      'The user is tired so please only give them the short version.',
    );
    // "so" alone, when the order names what every answer has or what only an assistant does …
    expect(one("I'm in Toronto so use Eastern time for anything scheduled.").summary).to.equal(
      'The user is in Toronto so they want you to use Eastern time for anything scheduled.',
    );
    const charts = one("I'm colourblind, so don't rely on colour in charts.");
    expect(charts.summary).to.equal('The user is colourblind, so they want you not to rely on colour in charts.');
    expect(charts.categories).to.include('constraint');
    // … not the speaker's own doing with its "I" left out.
    expect(one("I'm broke so don't go out much.").summary).to.not.match(/want you/);
  });

  it('a statement with a tag question ("…, right?", "…, huh?") states something', () => {
    expect(summaries('I finally opened my own bike repair shop - pretty cool, huh?').join(' ')).to.match(/opened their own bike repair shop/);
    expect(summaries('Long walks clear our heads, right?').join(' ')).to.match(/Long walks clear/);
    expect(summaries('What do you think, right?')).to.deep.equal([]);
  });

  it('an -ing phrase opening a sentence ends at "so" before another clause\'s subject', () => {
    expect(summaries('Travelling with a wheelchair user so step-free access is a must.')).to.deep.equal([
      'The user is travelling with a wheelchair user so step-free access is a must.',
    ]);
    // "so happy" goes on with the phrase, whose verb is "was".
    expect(summaries('Watching the twins so happy at the lake was the highlight.')[0]).to.not.match(/user is watching/);
  });

  it('an appointment for one\'s body said with no "my" and a time is the speaker\'s, unless it goes on about what came before', () => {
    expect(summaries('Dentist is at 2pm on Thursday.')).to.deep.equal(['Dentist is at 2pm on Thursday (on 2023-05-11).']);
    expect(summaries('Smear test next week, dreading it.')).to.have.length(1);
    // A parents' evening too, and "Parents'" is no one.
    const evening = said("Parents' evening is on Wednesday at 5.");
    expect(evening.facts).to.have.length(1);
    expect(evening.entities.filter((e) => e.kind !== 'self')).to.deep.equal([]);
    expect(summaries('Took Max to the vet. Booster is next month.')).to.deep.equal([
      'The user took Max to the vet. Booster is next month (in June 2023).',
    ]);
  });

  it('a parent described ("a brilliant dad") is no parent of the speaker; "mom" on its own is', () => {
    const described = said("You'd make a brilliant dad! My neighbour is such a patient mom, I learn a lot from her.");
    expect(described.entities.filter((e) => e.relation === 'parent')).to.deep.equal([]);
    const own = said('Mom called me last night about the move.');
    expect(own.entities.filter((e) => e.relation === 'parent')).to.have.length(1);
  });

  it('"Mum" or "dad" on its own is said as the speaker\'s: "the user\'s mum", unless greeted or described', () => {
    expect(summaries("Mum's coming over on Sunday so I need to tidy the spare room.")).to.deep.equal([
      "The user's mum's coming over on Sunday so the user needs to tidy the spare room (on 2023-05-14).",
    ]);
    expect(summaries('Dad had a fall last week but nothing is broken.')[0]).to.match(/^The user's dad had a fall/);
    expect(summaries('I spent Saturday with mum at the garden centre.')[0]).to.match(/with their mum at the garden centre/);
    // A child by a word alone, opening a sentence, after a filler too; not a baby due, often someone else's.
    expect(summaries("ugh baby's teething again, none of us slept")[0]).to.match(/^The user's baby's teething again/);
    expect(summaries("oldest starts secondary in september, can't believe it")[0]).to.match(/^The user's oldest starts secondary in September/);
    expect(summaries("Abena's pregnant!! Baby's due mid-July.").join(' ')).to.not.match(/user's baby/);
    // A partner too.
    expect(summaries("Husband doesn't do heat, so nowhere above 28 degrees please.")[0]).to.match(/^The user's husband doesn't do heat/);
    // A boss or a carer too, whose word is no name ("Physio" once made a person called Physio).
    expect(summaries("GP says it's a virus and I should rest.")).to.deep.equal(["The user's GP says it's a virus and the user should rest."]);
    expect(summaries('Boss says I can work from home on Fridays.')[0]).to.match(/^The user's boss says/);
    expect(summaries("I'm taking a week off to rest. Doctor's orders.")).to.deep.equal(["The user is taking a week off to rest. Doctor's orders."]);
    const physio = said("My knee has been playing up again. Physio says it's patellar tendinopathy.");
    expect(physio.facts.map((f) => f.summary)).to.include("The user's physio says it's patellar tendinopathy.");
    expect(physio.entities.find((e) => /physio/i.test(e.name))).to.include({ kind: 'person', relation: 'doctor' });
    expect(summaries('My nan turns 90 on Saturday.')).to.deep.equal(["The user's nan turns 90 on Saturday (on 2023-05-13)."]);
    expect(said('My nan turns 90 on Saturday.').entities.find((e) => e.name === 'nan')).to.include({ relation: 'grandparent' });
    expect(summaries('Grandad turns 90 in March.')[0]).to.match(/^The user's grandad turns 90/);
    expect(summaries('Gran is in hospital with a chest infection.')[0]).to.match(/^The user's gran is in hospital/);
    // A greeting quoted, and a parent described, stay as said.
    expect(summaries("My son Colin just said 'Hello Mum' and carried on chatting.")[0]).to.match(/'Hello Mum'/);
    expect(summaries('Proud dad moment, my daughter Asha won the spelling bee.')[0]).to.not.match(/their dad|user's dad/);
  });

  it('finds a second place after a name read on over the words after it ("born in Glasgow but grew up in Cardiff")', () => {
    const towns = said('I was born in Glasgow but grew up in Cardiff.').entities.filter((e) => e.relation === 'hometown');
    expect(towns.map((e) => e.name)).to.have.members(['Glasgow', 'Cardiff']);
  });

  it('takes each of a list of those one has for someone ("two older brothers and a younger sister")', () => {
    const siblings = said('I have two older brothers and a younger sister.').entities.filter((e) => e.relation === 'sibling');
    expect(siblings.map((e) => e.name)).to.have.members(['brothers', 'sister']);
    const pets = said("We've got a dog, two cats and a rabbit.").entities.filter((e) => e.kind === 'pet');
    expect(pets.map((e) => e.name)).to.have.members(['dog', 'cats', 'rabbit']);
  });

  it('an adverb before "my son" is no name for him, and "Yep Dana," is an address', () => {
    const son = said('Luckily, my son is fine now.');
    const fact = son.facts[0]!;
    expect(son.entities.find((e) => e.key === fact.subjectKey)).to.include({ relation: 'child' });
    expect(son.entities.map((e) => e.name)).to.not.include('Luckily');
    expect(said('Holly, my sister, is visiting from Leeds.').entities.find((e) => e.name === 'Holly')).to.include({ relation: 'sibling' });
    // Nor is a language or a people's adjective.
    const languages = said('I speak Spanish and a bit of Portuguese, my mum is Brazilian.');
    expect(languages.entities.find((e) => e.name === 'Portuguese')).to.include({ kind: 'concept' });
    expect(languages.entities.find((e) => e.relation === 'parent')).to.include({ name: 'mum' });
    // Nor a subject of study after "in", however it is capitalised.
    const degree = said('I have a degree in History from Durham.');
    expect(degree.entities.find((e) => e.name === 'History')).to.include({ kind: 'concept' });
    // The place a degree is from is where one studied.
    expect(degree.entities.find((e) => e.name === 'Durham')).to.include({ kind: 'organization', relation: 'school' });
    const yep = said("Yep Dana, Let's get the garden finished and plant the leeks this weekend. I bought the seeds already.");
    expect(yep.entities.map((e) => e.name)).to.not.include.members(['Let', 'Dana']);
  });
});

describe('extraction: what is taken back', () => {
  it('keeps nothing of a sentence followed or ended by "jk" or "just kidding", nor of the taking back', () => {
    expect(summaries('Can you remember that my wifi password is in the drawer? jk')).to.deep.equal([]);
    expect(summaries("I'm quitting my job and moving to Bali jk. I do need a holiday though.")).to.deep.equal([
      'The user does need a holiday though.',
    ]);
    expect(summaries("I'm a vegetarian. Just kidding, I love steak.")).to.deep.equal(['The user loves steak.']);
    // "Kidding aside" takes nothing back.
    expect(summaries("I'm a vegetarian. Kidding aside, I love lentils.")).to.have.length(2);
  });
});

describe('extraction: what one writes about oneself as a profile', () => {
  it('says each part of "About me: 34, she/her, live in Glasgow, …" as the speaker would have', () => {
    const line = said('About me: 34, she/her, live in Glasgow, work in HR, two cats, vegetarian.');
    expect(line.facts.map((f) => f.summary)).to.deep.equal([
      'The user is 34, their pronouns are she/her, they live in Glasgow, they work in HR, they have two cats, they are vegetarian.',
    ]);
    expect(line.entities.find((e) => e.name === 'Glasgow')).to.include({ relation: 'home' });
    expect(line.entities.find((e) => e.name === 'HR')).to.include({ kind: 'concept' });
    expect(line.facts[0]!.categories).to.include.members(['identity', 'constraint']);
  });

  it('says each item of a list under "A bit about me:" as the speaker would have', () => {
    const list = said('A bit about me:\n- 34\n- she/her\n- married, two kids\n- work in HR');
    expect(list.facts.map((f) => f.summary)).to.deep.equal([
      'The user is 34.',
      "The user's pronouns are she/her.",
      'The user is married, they have two kids.',
      'The user works in HR.',
    ]);
    // Not a list under another heading, nor a part that is none of these.
    expect(said('Shopping:\n- 34\n- eggs').facts.map((f) => f.summary)).to.not.include('The user is 34.');
    expect(
      said('About me: 34, Glasgow.')
        .facts.map((f) => f.summary)
        .join(' '),
    ).to.not.match(/The user is 34,/);
  });
});

describe("extraction: a heading of the speaker's own and what it holds", () => {
  it('keeps "Diet: no dairy" as the speaker\'s, which had kept nothing', () => {
    for (const [text, summary] of [
      ['Diet: no dairy, no gluten.', "The user's diet: no dairy, no gluten."],
      ['Meds: ibuprofen twice a day, plus the stretches.', "The user's meds: ibuprofen twice a day, plus the stretches."],
      ['Allergies: penicillin and shellfish.', "The user's allergies: penicillin and shellfish."],
      ['Pets: two cats.', "The user's pets: two cats."],
      ['Plans for the weekend: a long ride and a nap.', "The user's plans for the weekend: a long ride and a nap."],
      // A reminder or a note to oneself is what one has to do.
      [
        'Reminder to self: dentist 3pm thursday, pick up prescription, call gran',
        "The user's to-do list: dentist 3pm thursday, pick up prescription, call the user's gran (on 2023-05-11).",
      ],
    ] as const) {
      const fact = one(text);
      expect(fact.summary, text).to.equal(summary);
      expect(fact.subjectKey, text).to.equal('self');
    }
    // Someone of theirs named by role: the heading is whose.
    const mum = said('Mum: much better now, thanks.');
    expect(mum.entities.find((e) => e.key === mum.facts[0]!.subjectKey)?.relation).to.equal('parent');
    expect(mum.facts[0]!.summary).to.equal("The user's mum: much better now, thanks.");
  });

  it('says a name, an age and a place one lives as a statement would; a job, a diet and allergies count as what they are', () => {
    const profile = said('Name: Priya\nAge: 41\nLocation: Bristol\nJob: architect\nDiet: pescatarian');
    expect(profile.facts.map((f) => f.summary)).to.deep.equal([
      "The user's name is Priya.",
      'The user is 41.',
      'The user lives in Bristol.',
      "The user's job: architect.",
      "The user's diet: pescatarian.",
    ]);
    expect(profile.facts.map((f) => f.categories[0])).to.deep.equal(['identity', 'identity', 'identity', 'identity', 'constraint']);
    // The name is the speaker's own, no one else's.
    expect(profile.entities.map((e) => e.name)).to.not.include('Priya');
    expect(profile.entities.find((e) => e.name === 'Bristol')).to.include({ relation: 'home' });
  });

  it("leaves a name's, a day's and a document's heading, and one before a statement of its own, as they were", () => {
    for (const text of [
      'Priya: loves the new flat.',
      'Today: 5k in 27 minutes.',
      'Error: cannot find module express',
      'Kofi: you free tonight?',
      // A thing's heading: a recipe's, a listing's.
      'Ingredients: flour, sugar, eggs.',
      'Price: £40 a month.',
    ])
      expect(summaries(text).join(' '), text).to.not.match(/^The user's/);
    expect(one('Note: the dentist moved my appointment to Friday.').summary).to.not.match(/note/i);
    expect(one('Work stuff: my manager Dana moved the launch to March.').summary).to.equal(
      "Work stuff: the user's manager Dana moved the launch to March.",
    );
    // A heading that already says whose stays as said.
    expect(one('My advice: stay curious and keep going.').summary).to.match(/^The user's advice: stay curious/);
  });
});

describe("extraction: a list's items", () => {
  it('keeps each item as a memory of its own, without its bullet, unless it points back', () => {
    expect(summaries('- allergic to nuts\n- vegetarian since 2019\n- hate coriander')).to.deep.equal([
      'The user is allergic to nuts.',
      'Vegetarian since 2019.',
      'The user hates coriander.',
    ]);
    expect(summaries('Things about me:\n* I work nights at the hospital\n• my daughter Zoe is 6\n• she loves horses')).to.deep.equal([
      'The user works nights at the hospital.',
      "The user's daughter Zoe is 6.",
      'Zoe loves horses.',
    ]);
    // A dash that is no bullet stays: "-5 degrees", "a lot - honestly".
    expect(one('Woke up to -5 degrees this morning and I still went running.').summary).to.match(/-5 degrees/);
  });

  it('reads "1)", emoji bullets and lines of headings as items; one that says nothing alone goes with the item before', () => {
    expect(summaries('✅ booked flights to Lisbon\n✅ hotel sorted\n❌ still need travel insurance')).to.deep.equal([
      'The user booked flights to Lisbon. Hotel sorted.',
      'The user still needs travel insurance.',
    ]);
    expect(summaries('1) my knee is still sore\n2) physio on Thursday')).to.deep.equal([
      "The user's knee is still sore. Physio on Thursday (on 2023-05-04).",
    ]);
    expect(summaries('Age: 34\nJob: nurse\nKids: two boys')).to.deep.equal([
      'The user is 34.',
      "The user's job: nurse.",
      "The user's kids: two boys.",
    ]);
    // Only a line opens an item: an emoji after an exclamation is no bullet.
    expect(summaries('We got the flat!! 🎉 the balcony is huge')).to.have.length(1);
  });
});

describe("extraction: chat's asides", () => {
  it('"fwiw", "iirc", "tbh", "PS" and "quick one" open what is said and are neither a name nor part of it', () => {
    for (const [text, summary, topic] of [
      ["fwiw I'm left-handed", 'The user is left-handed.', 'left-handed'],
      ['iirc my passport expires in May', "The user's passport expires in May (in May 2023).", 'passport'],
      ['tbh I hate running', 'The user hates running.', 'running'],
      ['PS: my birthday is on the 4th of June', "The user's birthday is on the 4th of June.", 'birthday'],
      ['Quick one, my passport expires in May', "The user's passport expires in May (in May 2023).", 'passport'],
    ] as const) {
      const r = said(text);
      expect(
        r.entities.filter((e) => e.key !== 'self').map((e) => e.name),
        text,
      ).to.deep.equal([]);
      expect(
        r.facts.map((f) => [f.summary, f.topic]),
        text,
      ).to.deep.equal([[summary, topic]]);
    }
  });
});

describe('extraction: a short answer keeps its question', () => {
  it('an answer to what one does for work is who one is; an allergy named in an answer stops before "sadly"', () => {
    expect(asked('What kind of work do you do?', 'nursing, mostly A&E')[0]!.categories).to.include('identity');
    expect(asked('Do you have any pets?', 'nope, allergic to cats sadly')[0]!.topic).to.equal('cat allergy');
  });

  it('keeps the questions an assistant asked as a list, without their bullets, since an answer goes through them in turn', () => {
    const [f] = asked('Happy to help. A few questions:\n- Any foods he avoids?\n- Roughly what budget for the night?', 'no shellfish, and about £80');
    expect(f!.summary).to.match(/^Asked "Any foods he avoids\? Roughly what budget for the night\?"/);
  });

  it('"Margherita, obviously!" to "What\'s your favourite pizza?" holds margherita and favourite pizza', () => {
    const [f, ...rest] = asked("What's your favourite pizza?", 'Margherita, obviously! Fresh basil and buffalo mozzarella.');
    expect(rest).to.deep.equal([]);
    expect(f!.summary)
      .to.match(/favourite pizza/)
      .and.to.match(/Margherita/)
      .and.to.match(/buffalo mozzarella/);
    expect(f!.subjectKey).to.equal('self');
    expect(f!.categories).to.include('preference');
  });

  it('a date the answer says without a tense of its own is read in the tense of the question it answers', () => {
    // Monday, 8 May 2023.
    expect(asked('That sounds exciting! When is it?', 'September 21st. My goal is under 4 hours.')[0]!.eventDate).to.equal('2023-09-21');
    expect(asked("Congrats! When's the move?", 'End of June. They got a job at the university.')[0]!.eventDate).to.equal('2023-06-01');
    expect(asked('Will he be okay by the time you come over?', 'The tickets are booked, we arrive on the Friday.')[0]!.eventDate).to.equal(
      '2023-05-12',
    );
  });

  it("dates an answer by its own date when it says as much as the question's, else by the question's", () => {
    // Monday, 8 May 2023. "7 June" had dated the boiler.
    expect(
      asked('Is a 10k on 7 June still realistic?', 'Rubbish week, the boiler died last Wednesday and the new one is £2,400.')[0]!.eventDate,
    ).to.equal('2023-05-03');
    expect(asked("You'd leave next August?", 'Late August 2024, back in July 2025.')[0]!.eventDate).to.equal('2024-08-01');
    // A coarser date of the answer's, or "the Friday" of the question's day, leaves the question's.
    expect(asked('Are you coming to York for Christmas?', 'Poland this year, it is her turn.')[0]!.eventDate).to.equal('2023-12-25');
    expect(asked('Are you all set for her seventieth on the 22nd?', "We're driving up on the Friday.")[0]!.eventDate).to.equal('2023-05-22');
  });

  it('dates a holiday said to be somewhere, and no longer counts a boiler dying as a death', () => {
    expect(one("Christmas is at my mum's this year.").eventDate).to.equal('2023-12-25');
    expect(one('Christmas is my favourite time of year.').eventDate).to.equal(null);
    expect(one('Our boiler died last Wednesday.').topic).to.not.equal('death');
  });

  it("an assistant's offer of help is no question the answer needs", () => {
    expect(asked('Hi! How can I help you today?', "My sister is vegan and I'm cooking for her on Friday.").map((f) => f.summary)).to.deep.equal([
      "The user's sister is vegan and the user is cooking for her on Friday (on 2023-05-12).",
    ]);
    expect(asked('Is there anything else I can help with?', "Yes, I'm allergic to shellfish.").map((f) => f.summary)).to.deep.equal([
      'The user is allergic to shellfish.',
    ]);
    // Help with something named is a question: the answer keeps it.
    expect(asked('How can I help you plan the party?', 'Twelve kids, a climbing wall, pizza after.')[0]!.summary).to.match(
      /^Asked "How can I help you plan the party\?"/,
    );
  });

  it('a question inside a draft the assistant quoted is not asked of the user', () => {
    const draft = 'Here is a warmer version: "Hi Gareth, could we try it for three months and see how it goes? Thanks, Niamh."';
    expect(asked(draft, "Perfect. He's off until Monday so I'll send it then.").map((f) => f.summary)).to.deep.equal([
      "He's off until Monday so the user will send it then (on 2023-05-15).",
    ]);
    // The question after the draft is the one answered.
    expect(asked(`${draft} Would you like it more or less formal?`, "Less formal, he's pretty relaxed.")[0]!.summary).to.match(
      /^Asked "Would you like it more or less formal\?"/,
    );
  });

  it('an answer with no verb keeps its question, however many things it names', () => {
    const [f] = asked('Did the bakery agree to do the cake?', 'Yes!! Pistachio and raspberry, two tiers, gluten-free. My aunt loves it.', 'other');
    expect(f!.summary).to.match(
      /^Asked "Did the bakery agree to do the cake\?", the user answered: "Pistachio and raspberry, two tiers, gluten-free/,
    );
    const [g] = asked("What's in the new blend?", 'Russet, Cox and Egremont, mostly.', 'other');
    expect(g!.summary).to.match(/new blend/);
  });

  it('an answer naming a favourite is the statement that it is ("Thai, hands down." to "What\'s your favourite cuisine?")', () => {
    const first = (question: string, answer: string) => asked(question, answer)[0]?.summary;
    expect(first("What's your favourite cuisine?", 'Thai, hands down.')).to.equal("The user's favourite cuisine is Thai, hands down.");
    expect(first('Do you have a favourite film?', 'Probably Heat.')).to.equal("The user's favourite film is Heat.");
    expect(first("What's your favourite food?", 'Pizza, obviously.')).to.equal("The user's favourite food is pizza, obviously.");
    expect(first('What are your favourite bands?', 'Radiohead and Elbow mostly.')).to.equal("The user's favourite bands are Radiohead and Elbow.");
    // No thing named, no frame: the answer keeps its question.
    expect(first('Do you have a favourite walk?', "It's hard to choose one, though the cliff path at dawn is special.")).to.match(/^Asked /);
    expect(first("What's your favourite band?", 'Honestly it changes every week.')).to.match(/^Asked /);
  });

  it('an answer to "How old is she?" or "What is she into?" is about whom the question means', () => {
    const turns = (first: string, question: string, answer: string) => {
      const r = said(answer, { previous: { text: question, speaker: 'assistant' }, earlier: [{ text: first, speaker: 'user' }] });
      return r.facts.map((f) => [r.entities.find((e) => e.key === f.subjectKey)?.relation, f.summary]);
    };
    expect(turns('My daughter has a peanut allergy.', 'Thanks for telling me. How old is she?', 'Seven. She carries an EpiPen.')).to.deep.equal([
      ['child', "The user's daughter is seven."],
      ['child', "The user's daughter carries an EpiPen."],
    ]);
    expect(turns('I need a present for my wife.', 'Lovely! What is she into?', 'Gardening and true crime podcasts.')).to.deep.equal([
      ['spouse', "The user's wife is into gardening and true crime podcasts."],
    ]);
    // Scored as the statement it makes: "Seven." alone had scored 0.29, "My daughter is seven." 0.56.
    const score = (answer: string) =>
      planWrite(
        said(answer, {
          previous: { text: 'Thanks for telling me. How old is she?', speaker: 'assistant' },
          earlier: [{ text: 'My daughter has a peanut allergy.', speaker: 'user' }],
        }),
        { known: [], suppressed: [], injected: [] } as never,
      ).facts[0]!.baseScore;
    expect(score('Seven.')).to.equal(score('My daughter is seven.'));
  });

  it('an answer opening with the amount asked for keeps its question, whatever clause qualifies it', () => {
    expect(
      asked('How many people are you cooking for?', 'Four usually, five when my stepson is with us every other weekend.', 'other')[0]!.summary,
    ).to.equal(
      'Asked "How many people are you cooking for?", the user answered: "Four usually, five when my stepson is with us every other weekend".',
    );
    expect(asked('How long have you been vegetarian?', 'Ten years, since I moved to Bristol.', 'other')[0]!.summary).to.match(/^Asked "How long/);
  });

  it('after "How was …?", a remark goes on with the first sentence that says something, and keeps the question', () => {
    const facts = asked(
      'So?! How was Kielder? You went silent for days.',
      'No signal at all! It was incredible. The second night was clear and we counted sixty meteors in two hours.',
      'other',
    );
    expect(facts).to.have.length(1);
    expect(facts[0]!.summary).to.match(/^Asked "How was Kielder\?".*It was incredible\. The second night was clear/);
    // A courtesy is no remark to keep ("askin'" is "asking").
    const shop = asked('How is the shop going?', "Thanks for askin'! Losing my job was hard, but I'm living my dream now.", 'other');
    expect(shop.map((f) => f.summary).join(' ')).to.not.match(/askin/);
  });

  it('other invented pairs, from the assistant or another speaker', () => {
    const cases: Array<[string, string, RegExp[]]> = [
      ['Which season do you like best?', 'Autumn, without a doubt.', [/season/, /Autumn/]],
      ["What's your dog called?", 'Pickle! Little beagle with a big voice.', [/dog's name is Pickle/, /beagle/]],
      ['Where did you go last summer?', 'Mostly Portugal and a week in Seville.', [/last summer/, /Portugal/, /Seville/]],
      ['Nice! What games did you play?', 'Mostly card games, like rummy and poker.', [/games/, /rummy/]],
      // A fragment with no verb after the answer goes on with it: alone it would not say what it answers.
      ['What kind of music do you like?', 'Jazz, mostly. Some indie rock.', [/music/i, /jazz/i, /indie rock/]],
      ['Where did you go on vacation?', 'Portugal. Lisbon and Porto, mainly.', [/vacation/, /Portugal/, /Lisbon and Porto/]],
      // So does a sentence with no subject of its own: it says more of what was answered, not of the speaker.
      ["What's your biggest goal this year?", 'Run a marathon. Also learn Italian.', [/goal/, /marathon/, /learn Italian/]],
      [
        'What are you working on these days?',
        'A mobile app for tracking plant watering. Built in Flutter.',
        [/working on/, /app/, /Built in Flutter/],
      ],
      // After a bare value, a short sentence about "it" is about the value; the value alone is an answer too.
      ["What's your favorite book?", 'Probably Dune. I reread it every year.', [/favorite book/, /Dune/, /rereads it every year/]],
      // So is a short sentence of "we", or of "there" for the place answered.
      ['Favourite place on earth?', 'The Isle of Skye. We got engaged there.', [/Favourite place/, /Isle of Skye/, /engaged there/]],
      ['What keeps you going?', 'My book club, honestly. We meet every other Thursday.', [/going/, /book club/, /every other Thursday/]],
      ['What do you do on weekends?', 'Hiking, mostly. We try a new trail each month.', [/weekends/, /Hiking/, /new trail/]],
      ["What's your favorite food?", 'Sushi!', [/favorite food/, /sushi/i]],
      ["What's your favorite color?", 'Blue.', [/favorite color/, /blue/i]],
      // A word the parser does not know after "just" or "only" is the thing named, not a verb.
      ['Do you have any allergies I should know about?', 'just penicillin', [/allergies/, /penicillin/]],
      ['Any allergies?', 'Only latex.', [/allergies/, /latex/]],
      // A place, a time or an amount asked for in words no list keeps.
      ['Where are you going?', 'Probably Croatia.', [/Where are you going/, /Croatia/]],
      ['How much did you get?', '£1,200', [/How much did you get/, /1,200/]],
    ];
    for (const [q, a, parts] of cases) {
      for (const speaker of ['assistant', 'other'] as const) {
        const facts = asked(q, a, speaker);
        expect(facts.length, `${q} / ${a}`).to.equal(1);
        for (const p of parts) expect(facts[0]!.summary, `${q} / ${a}`).to.match(p);
      }
    }
  });

  it('"When?" alone asks of nothing an answer could keep', () => {
    expect(asked('When?', 'Next Friday.')).to.deep.equal([]);
  });

  it('an answer that goes on past its first sentence is about what that sentence answers', () => {
    const [f, ...rest] = asked('What needs fixing at home?', "Mainly the gutters. They're full of leaves and can overflow in storms.");
    expect(rest).to.deep.equal([]);
    expect(f!.summary)
      .to.match(/gutters/)
      .and.to.match(/overflow in storms/);
    expect(f!.topic).to.equal('gutters');
  });

  it('an answer of -ing words with no verb of its own keeps its question, which says what it is', () => {
    const [f, ...rest] = asked('What are your plans for the holidays?', 'Visiting my in-laws in Ohio, then skiing in Colorado.');
    expect(rest).to.deep.equal([]);
    expect(f!.summary).to.match(/^Asked "What are your plans for the holidays\?"/);
    expect(f!.categories).to.include('plan');
    // A gerund that is the subject of a verb is a statement of its own.
    expect(
      asked('What keeps you sane?', 'Running marathons has taught me patience and discipline over many years of training.')[0]!.summary,
    ).to.not.match(/^Asked/);
  });

  it('a diet opening an answer is no name', () => {
    const diet = said("Gluten-free, and my son can't have nuts.", { previous: { text: 'Any dietary restrictions?', speaker: 'assistant' } });
    expect(diet.entities.map((e) => e.name)).to.not.include('Gluten-free');
  });

  it('a courtesy after the answer stays out of it', () => {
    const [f, ...rest] = asked('What kind of music do you like?', 'Jazz, mostly. Great question.');
    expect(rest).to.deep.equal([]);
    expect(f!.summary)
      .to.match(/jazz/i)
      .and.not.to.match(/Great question/);
  });

  it("a bare value answering a getting-to-know-you question is the statement it makes in the question's frame", () => {
    const table: Array<[string, string, string, Partial<{ kind: string; relation: string; name: string }>?]> = [
      // "What <thing> do you <verb>?": the thing with the question's verb, and what was asked about as a heading.
      [
        'What kind of car do you drive?',
        "a 2015 Ford Focus, it's on its last legs",
        "Car: the user drives a 2015 Ford Focus, it's on its last legs.",
      ],
      [
        'What does your daughter enjoy?',
        'horses, drawing and Taylor Swift',
        "The user's daughter enjoys horses, drawing and Taylor Swift.",
        { name: 'daughter', relation: 'child' },
      ],
      ['What language does your husband speak at home?', 'Polish', "Language: the user's husband speaks Polish at home."],
      ['What music do you listen to in the car?', 'podcasts mostly', 'Music: the user listens to podcasts in the car.'],
      ['How old are you?', '34', 'The user is 34.'],
      // Whom a question means is whom the answer is about.
      ['How old is your son?', '12.', "The user's son is 12.", { name: 'son', relation: 'child' }],
      ['What are you into?', 'Mostly climbing and board games.', 'The user is into climbing and board games.'],
      ['Where did you grow up?', 'Mostly in Leeds.', 'The user grew up in Leeds.', { name: 'Leeds', relation: 'hometown' }],
      ['Where are you based?', 'Portland, Oregon.', 'The user lives in Portland, Oregon.', { name: 'Portland', relation: 'home' }],
      ['What do you do for work?', 'Software engineer at a small startup.', 'The user works as a software engineer at a small startup.'],
      ['Where do you work?', 'At Google.', 'The user works at Google.', { name: 'Google', relation: 'employer' }],
      ["What's your dog's name?", "Biscuit, she's a corgi.", "The user's dog's name is Biscuit, she's a corgi.", { name: 'Biscuit', kind: 'pet' }],
      ['Do you have pets?', 'Yes! A cat named Miso and a goldfish.', 'The user has a cat named Miso and a goldfish.', { name: 'Miso', kind: 'pet' }],
      ['Do you have any animals?', 'Yes! A cat named Miso.', 'The user has a cat named Miso.', { name: 'Miso', kind: 'pet' }],
      ['Have you got any pets?', 'A rabbit called Clover.', 'The user has a rabbit called Clover.', { name: 'Clover', kind: 'pet' }],
      ['Do you have any siblings?', 'One older brother, Tom.', 'The user has one older brother, Tom.', { name: 'Tom', relation: 'sibling' }],
      ['Where did you go to college?', 'UCLA.', 'The user studied at UCLA.', { name: 'UCLA', relation: 'school' }],
      ["When's your birthday?", 'March 14th.', "The user's birthday is March 14th."],
      ['Where are you from?', 'Cork.', 'The user grew up in Cork.', { name: 'Cork', relation: 'hometown' }],
      ['What languages do you speak?', 'English and Tagalog.', 'The user speaks English and Tagalog.'],
      ['What languages do you speak?', 'Only English, sadly.', 'The user speaks only English.'],
      ['Where do you live?', 'Lisbon for now.', 'The user lives in Lisbon.', { name: 'Lisbon', relation: 'home' }],
      // Near a place is not in it.
      ['Where do you live?', 'Just outside Manchester.', 'The user lives outside Manchester.', { name: 'Manchester', relation: 'home' }],
      ['Where did you grow up?', 'Near Porto.', 'The user grew up near Porto.'],
      ['Where do you work?', 'A small design studio in Brooklyn.', 'The user works at a small design studio in Brooklyn.'],
      ['Where do you work?', 'From home, mostly.', 'The user works from home.'],
      ['What are your hobbies?', 'Knitting, baking, and gardening.', 'For fun, the user enjoys knitting, baking, and gardening.'],
      ['What are you reading right now?', 'The Overstory. Slow going but beautiful.', 'The user is reading The Overstory. Slow going but beautiful.'],
      // An article before an ordinary word opens no title.
      ['What are you reading at the moment?', 'the new Sally Rooney, not loving it tbh', 'The user is reading the new Sally Rooney, not loving it.'],
      // The value before ", but" or ", and" is framed, the rest kept.
      [
        'What do you do for fun?',
        'Mostly rock climbing, and I play bass in a cover band.',
        'For fun, the user enjoys rock climbing, and they play bass in a cover band.',
      ],
      [
        'Where are you from originally?',
        "Lagos, Nigeria, but I've lived in London for 10 years.",
        'The user grew up in Lagos, Nigeria, but they have lived in London for 10 years.',
        { name: 'Lagos', relation: 'hometown' },
      ],
    ];
    for (const [q, a, summary, entity] of table) {
      const answer = said(a, { previous: { text: q, speaker: 'assistant' } });
      expect(
        answer.facts.map((f) => f.summary),
        `${q} / ${a}`,
      ).to.deep.equal([summary]);
      if (entity)
        expect(
          answer.entities.find((e) => e.name === entity.name),
          `${q} / ${a}`,
        ).to.include(entity);
    }
    expect(asked('How old are you?', '34')[0]!.categories).to.include('identity');
    expect(asked('What are your hobbies?', 'Knitting and baking.')[0]!.categories).to.include('preference');
    // "here" after the place one lives in is that place; after a hometown it is not.
    expect(asked('Where do you live?', 'Denver. Moved here in 2019.').map((f) => f.summary)).to.deep.equal([
      'The user lives in Denver.',
      'The user moved to Denver in 2019.',
    ]);
    expect(asked('Where are you from?', 'Cork. Moved here in 2010.')[1]!.summary).to.match(/moved here/);
    // A value before a comma is framed, the rest kept.
    expect(asked('Where are you based?', 'Austin, moved here for work.')[0]!.summary).to.equal('The user lives in Austin, moved here for work.');
    // After a framed answer a sentence with no subject is the speaker's, and a memory of its own.
    expect(asked('Where are you from?', 'Lisbon. Moved to Dublin for college.').map((f) => f.summary)).to.deep.equal([
      'The user grew up in Lisbon.',
      'The user moved to Dublin for college.',
    ]);
    // The speaker's own name is an alias of the speaker, not someone called Sam.
    const name = said('Sam.', { previous: { text: "What's your name?", speaker: 'assistant' } });
    expect(name.entities.map((e) => [e.kind, e.aliases])).to.deep.equal([['self', ['sam']]]);
    // More than a value, or no value, stays an answer with its question (or nothing).
    expect(asked('Where do you live?', 'Not far from the beach, in a little town.')[0]!.summary).to.match(/^Asked "Where do you live\?"/);
    expect(asked("What's your name?", 'Nope.')).to.deep.equal([]);
    expect(asked("What's your favorite food?", 'Haha.')).to.deep.equal([]);
    expect(asked('My advice?', 'Awesome advice!')).to.deep.equal([]);
    expect(asked('How was your weekend?', 'Busy!')).to.deep.equal([]);
    expect(asked('What do you do on weekends?', 'Hiking mostly.')[0]!.summary).to.match(/^Asked/);
    expect(asked('What do you do for fun?', "Not much lately, I've been so busy.")[0]!.summary).to.match(/^Asked/);
    expect(asked('What languages do you speak?', 'Why do you ask?')).to.deep.equal([]);
    expect(asked('Do you have any kids?', 'Two, a boy and a girl.')[0]!.summary).to.match(/^Asked/);
  });

  it('dates an answer by its question', () => {
    const [f] = asked('What did you do last weekend?', 'Kayaking on the river with my cousins.');
    expect(f!).to.include({ eventDate: '2023-05-01', datePrecision: 'week' });
  });

  it("thanks to the asker is no answer; the asker's name (or its short form) is no answer either", () => {
    const thanks = said('Thanks, Val! My cousins and my old coach keep me motivated.', {
      previous: { text: 'What motivates you?', speaker: 'other', speakerName: 'Valentina' },
    });
    expect(thanks.facts.map((f) => f.summary).join(' ')).to.not.match(/Val\b/);
    const named = said('Val, it was Lisbon.', {
      previous: { text: 'Where did you go for your birthday?', speaker: 'other', speakerName: 'Valentina' },
    });
    expect(named.facts.map((f) => f.summary)).to.deep.equal(['Asked "Where did you go for your birthday?", the user answered: "it was Lisbon".']);
  });

  it('a question pointing back keeps the sentence before it that names the thing', () => {
    const answer = (question: string, text: string) =>
      said(text, { previous: { text: question, speaker: 'other', speakerName: 'Valentina' } }).facts.map((f) => f.summary);
    expect(answer('Thanks! That vase is gorgeous! Did you make it?', 'Yeah, in my ceramics workshop.')).to.deep.equal([
      'Asked "That vase is gorgeous! Did you make it?", the user answered: "Yeah, in my ceramics workshop".',
    ]);
    // Any verb of liking, past too.
    for (const liked of ['They loved it!', 'They adored it!'])
      expect(answer("Wow, sounds like you and the twins had a great day. How'd they like it?", liked)).to.deep.equal([
        `Asked "Sounds like you and the twins had a great day. How'd they like it?", the user answered: "${liked}".`,
      ]);
    // Nothing named before it ("That must have been wonderful"), or a question naming its own thing: the question alone.
    expect(answer('That must have been wonderful. What were they so excited about?', 'The butterfly house!')).to.deep.equal([
      'Asked "What were they so excited about?", the user answered: "The butterfly house!".',
    ]);
    expect(answer('The view is stunning. Did you catch that singer?', 'Yeah, at a festival I went to.')).to.deep.equal([
      'Asked "Did you catch that singer?", the user answered: "Yeah, at a festival I went to".',
    ]);
    // An answer opening with "it" or "they" points at what was asked.
    expect(answer('How did the new grant help the library?', 'It paid for new shelves and quieter reading rooms for the children.')).to.deep.equal([
      'Asked "How did the new grant help the library?", the user answered: "It paid for new shelves and quieter reading rooms for the children".',
    ]);
    // A remark opening the answer goes on with the sentence pointing at what was asked; after a photo the remark is on it.
    expect(
      answer(
        'How have your friends been helping you with the move?',
        "This group has been wonderful. They've shown up for me every weekend with boxes.",
      ),
    ).to.deep.equal([
      'Asked "How have your friends been helping you with the move?", the user answered: "This group has been wonderful. They\'ve shown up for me every weekend with boxes".',
    ]);
    expect(
      answer(
        'These mugs remind me of home [shares a photo: a photo of two blue mugs]. What do you want for the new flat?',
        "It's beautiful! It reminds me how much a home matters.",
      ).join(' '),
    ).to.not.match(/Asked/);
    // A statement asking for agreement is no question: the answer stands alone.
    expect(
      answer("Changing jobs is frightening but it's the best way to learn, right?", 'Yeah, I really agree - it got me out of my job as a cashier.'),
    ).to.deep.equal(['The user really agrees - it got them out of their job as a cashier.']);
    // A short question after another asks on with it; not after a tag question or "What about you?".
    expect(answer("Poetry's wonderful, isn't it? Any poems you love?", 'Harbour Lights, by Mara Quillfeather.')).to.deep.equal([
      'Asked "Any poems you love?", the user answered: "Harbour Lights, by Mara Quillfeather".',
    ]);
    expect(answer('How have you handled setbacks at your bakery? Got any tips?', 'Patience, mostly.')).to.deep.equal([
      'Asked "How have you handled setbacks at your bakery? Got any tips?", the user answered: "Patience, mostly".',
    ]);
  });

  it('a reaction to the listener answers nothing: the statement after it stands on its own', () => {
    const facts = asked('Anything new on your end?', "Ouch, that's rough. I started a life drawing class at the community centre on Tuesdays.");
    expect(facts.map((f) => f.summary)).to.deep.equal(['The user started a life drawing class at the community centre on Tuesdays.']);
    const glad = asked('Did you make it to the peak?', "Glad you're feeling better. We turned back at the second camp because of the wind.");
    expect(glad.map((f) => f.summary).join(' ')).to.not.match(/Asked/);
  });

  it('no question when the message before was the same speaker, small talk, or none', () => {
    expect(summaries('Autumn, without a doubt.')).to.deep.equal([]);
    expect(summaries('Autumn, without a doubt.', { previous: { text: 'Which season do you like best?', speaker: 'user' } })).to.deep.equal([]);
    expect(summaries('Good, thanks.', { previous: { text: 'How are you?', speaker: 'assistant' } })).to.deep.equal([]);
    // "How ya holding up?" greets; "How are you handling the changes?" asks.
    expect(
      asked('Hey Sam! How ya holding up?', "Sorry about the delay. It's busy, but strong coffee really helps.")
        .map((f) => f.summary)
        .join(' '),
    ).to.not.match(/Asked/);
    expect(asked('How are you handling the changes?', "It's hard, but the new team helps a lot.")[0]!.summary).to.match(/^Asked/);
    // A full statement stands on its own: no question glued to it.
    const f = asked('Which instrument do you play?', 'I play the cello in a community orchestra every Thursday evening with my friends.');
    expect(f[0]!.summary).to.match(/^The user plays the cello/);
  });

  it('a question for any news adds nothing to its answer: the answer stands alone', () => {
    for (const q of [
      'Hey, been well since we spoke?',
      "What's been happening since we last met?",
      'How have you been since we chatted?',
      'Anything exciting in your life these days?',
      'Any cool things going on?',
      'Got anything on your mind recently?',
    ]) {
      expect(
        asked(q, 'Been doing some marketing for my café.').map((f) => f.summary),
        q,
      ).to.deep.equal(['The user has been doing some marketing for their café.']);
    }
    // News of one thing is a question: "Anything new with the store?" keeps the store.
    expect(asked('Anything new with the store?', 'A new supplier.').map((f) => f.summary)).to.deep.equal([
      'Asked "Anything new with the store?", the user answered: "A new supplier".',
    ]);
  });
});

describe('extraction: pronouns and whose fact it is', () => {
  it("reaches past an assistant's reply that speaks of him before naming anyone he could be, not past one that names someone first", () => {
    const earlier = [{ text: 'My grandad is coming home from hospital on Friday.', speaker: 'user' as const }];
    const reply = { text: 'Good news, and kind of Sarah to help him settle. Ask Larkfield whether he needs a ramp.', speaker: 'assistant' as const };
    expect(summaries('he was a signalman for 30 years and he loves trains', { previous: reply, earlier })[0]).to.match(
      /^The user's grandad was a signalman/,
    );
    const named = { text: "How's Biscuit? You said he was off his food.", speaker: 'other' as const, speakerName: 'Ines' };
    const before = [{ text: 'I saw Tobias at the shop.', speaker: 'user' as const }];
    expect(summaries("He's eating again now.", { previous: named, earlier: before }).join(' ')).to.not.include('Tobias');
  });

  it('"she" answering a question about "your daughter" is the speaker\'s daughter; another\'s "my sister" is not theirs', () => {
    const reply = (question: string, answer: string) => said(answer, { previous: { text: question, speaker: 'assistant' } });
    const age = reply('How old is your daughter?', "she's 9");
    expect(age.facts.map((f) => f.summary)).to.deep.equal(['Asked "How old is your daughter?", the user answered: "My daughter is 9".']);
    expect(age.entities.find((e) => e.key === age.facts[0]!.subjectKey)?.relation).to.equal('child');
    const mum = reply("I'm sorry to hear about your mum. How is she doing?", "she's home now, still weak");
    expect(mum.facts.map((f) => f.summary)).to.deep.equal(["The user's mum is home now, still weak."]);
    expect(
      reply('My sister loves that film. Does she?', "she's seen it twice")
        .facts.map((f) => f.summary)
        .join(' '),
    ).to.not.include('sister');
  });

  it('an answer that opens with a place unknown to the lexicon keeps its question ("Crete with the kids, …")', () => {
    const trip = said('Crete with the kids, then my in-laws in Athens for a week', {
      previous: { text: 'Where are you off to this summer?', speaker: 'assistant' },
    });
    expect(trip.facts.map((f) => f.summary)).to.deep.equal([
      'Asked "Where are you off to this summer?", the user answered: "Crete with the kids, then my in-laws in Athens for a week" (in summer 2023).',
    ]);
  });

  it('"she" after one named person is that person, and the fact is filed under her', () => {
    const a = said("My sister Ananya is coming over on Saturday. She's vegetarian and severely allergic to cashews.");
    const ananya = a.entities.find((e) => e.name === 'Ananya')!;
    const diet = a.facts.find((f) => /cashews/.test(f.summary))!;
    expect(diet.subjectKey).to.equal(ananya.key);
    expect(diet.summary).to.match(/^Ananya is vegetarian/);
  });

  it('"he" after one named man, and a role word without a name', () => {
    const kofi = said("My brother Kofi just moved to Accra. He's teaching maths at a secondary school.");
    expect(kofi.facts.map((f) => f.summary)).to.include('Kofi is teaching maths at a secondary school.');
    const dad = said('My dad retired in March. He spends his mornings restoring an old sailing boat.');
    const boat = dad.facts.find((f) => /sailing boat/.test(f.summary))!;
    expect(dad.entities.find((e) => e.key === boat.subjectKey)?.relation).to.equal('parent');
  });

  it('two clauses of different subjects (the speaker, someone of theirs) are two memories, each under its subject', () => {
    const a = said("I'm lactose intolerant and my son has a peanut allergy.");
    const son = a.entities.find((e) => e.relation === 'child')!;
    expect(a.facts.map((f) => [f.summary, f.subjectKey])).to.deep.equal([
      ['The user is lactose intolerant.', 'self'],
      ["The user's son has a peanut allergy.", son.key],
    ]);
    expect(said("My wife is a nurse and I'm a teacher.").facts.map((f) => f.summary)).to.deep.equal([
      "The user's wife is a nurse.",
      'The user is a teacher.',
    ]);
    const siblings = said('My sister Ana lives in Porto and my brother Tom lives in Lisbon.');
    expect(siblings.facts.map((f) => siblings.entities.find((e) => e.key === f.subjectKey)?.name)).to.deep.equal(['Ana', 'Tom']);
    // So is someone by their first name, before the speaker or after.
    for (const text of ["Alex is vegetarian and I don't eat raw fish.", "I'm vegan and Sam eats meat."]) {
      const named = said(text);
      const person = named.entities.find((e) => e.kind === 'person' && e.key !== 'self')!;
      expect(
        named.facts.map((f) => f.subjectKey),
        text,
      ).to.have.members([person.key, 'self']);
    }
    // "Mum" and "Dad" alone are the speaker's own.
    const parents = said("Dad's diabetic and Mum can't do stairs.");
    expect(parents.facts.map((f) => parents.entities.find((e) => e.key === f.subjectKey)?.name)).to.deep.equal(['dad', 'mum']);
    // Something of the speaker's is the speaker's clause.
    expect(said('My favorite food is sushi but my wife hates fish.').facts.map((f) => f.summary)).to.deep.equal([
      "The user's favorite food is sushi.",
      "The user's wife hates fish.",
    ]);
    // A joint subject, a list of people, clauses of one subject, and a second clause that leans on the first ("fixed
    // it") stay one memory.
    for (const text of [
      'My wife and I went to Rome last spring.',
      'I went to the fair with my sister and my mom.',
      "I love it and I'm proud.",
      "My sister's car broke down and my brother fixed it.",
      'My car broke down and my wife picked me up from there.',
      // A visit with no one named is to those before.
      'My grandparents live in Jamaica and I visit every summer.',
      // The speaker's clause about the one named in the first ("her") is about them.
      'My mom turns 70 on June 3rd and I want to throw her a surprise party.',
      // … and one that only says who the speaker is there: the best man of that wedding, the youngest of those.
      "My best mate Dev is getting married in Lisbon in June and I'm the best man.",
      "My sister is a doctor and I'm the youngest.",
    ])
      expect(said(text).facts, text).to.have.length(1);
    // "I'm" counts as two words: a clause of two words with a contraction is a clause.
    const partner = said("I'm vegetarian but my partner Sam eats everything");
    expect(partner.facts.map((f) => [f.summary, partner.entities.find((e) => e.key === f.subjectKey)?.name])).to.deep.equal([
      ['The user is vegetarian.', 'self'],
      ["The user's partner Sam eats everything.", 'Sam'],
    ]);
  });

  it("a list of people that starts with the speaker is the speaker's", () => {
    const household = said("Three of us: me, my partner Marcus and our son Rory who's 4.");
    expect(household.facts.map((f) => f.subjectKey)).to.deep.equal(['self']);
    // "on me," ends a phrase, and the name after it starts a clause of its own.
    const zara = said('He tried a few words of Italian on me, Zara must have put him up to it.');
    expect(zara.entities.find((e) => e.key === zara.facts[0]!.subjectKey)?.name).to.equal('Zara');
  });

  it('a "she" or "he" clause spliced on with a comma is a memory of the person the first clause names', () => {
    const sister = said("I need a gift idea for my sister Priya, she's into pottery and just moved to Glasgow");
    expect(sister.facts.map((f) => [f.summary, sister.entities.find((e) => e.key === f.subjectKey)?.name])).to.deep.equal([
      ['The user needs a gift idea for their sister Priya.', 'self'],
      ['Priya is into pottery and just moved to Glasgow.', 'Priya'],
    ]);
    expect(summaries('I told my mum about the job, she was thrilled')).to.deep.equal([
      'The user told their mum about the job.',
      "The user's mum was thrilled.",
    ]);
    // "'d" before "clearly" and a form shared by past and present is "had".
    expect(summaries("I met my examiner Alan at the viva, he'd clearly read every page")[1]).to.equal('Alan had clearly read every page.');
    // The pronoun's clause may go on with the speaker's own: each is a memory of its subject.
    const meals = said("It's just me and my husband, he's diabetic and I don't eat red meat.");
    expect(meals.facts.slice(1).map((f) => [f.summary, meals.entities.find((e) => e.key === f.subjectKey)?.name])).to.deep.equal([
      ["The user's husband is diabetic.", 'husband'],
      ["The user doesn't eat red meat.", 'self'],
    ]);
    // Without anyone named before it, "he" could be anyone: the sentence stays whole.
    expect(summaries("He's diabetic and I don't eat red meat.")).to.deep.equal(["He's diabetic and the user doesn't eat red meat."]);
    // The person already the first clause's subject, a first clause that only brings someone up, or one about "she"
    // already, and the message stays one memory.
    for (const text of [
      'My boss Jennifer is great, she goes by Jen.',
      'Grace is the organised one, she will sort it out for us.',
      'Speaking of Kofi, he came to the workshop yesterday.',
      "Ha, she's not my cat, she's the neighbour's cat.",
      'Last Thursday she got very confused, she did not know where she was.',
    ])
      expect(said(text).facts, text).to.have.length(1);
  });

  it('"her" and "him" after one named person are that person, where no noun follows "her"', () => {
    const second = (text: string) => said(text).facts.map((f) => f.summary)[1];
    expect(second("My boss, Linda, is retiring in June. I'm going to miss her.")).to.equal('The user is going to miss Linda.');
    expect(second('My brother Sam moved to Berlin. I visit him every summer.')).to.equal('The user visits Sam every summer.');
    // "he" or "she" compared with is that person too.
    expect(second("My son Leo has his first piano recital on Friday and I'm more nervous than he is.")).to.equal(
      'The user is more nervous than Leo is.',
    );
    expect(second('My mom called last night. I told her about the job.')).to.equal('The user told their mom about the job.');
    // "her car" is hers; two people, or a man named before, leave the pronoun as said.
    // (Left as said, the sentence joins the memory naming her.)
    expect(summaries('My sister got a new car. I love her car.')).to.deep.equal(["The user's sister got a new car. The user loves her car."]);
    expect(second('I met Tom and Raj for lunch. I gave him my number.')).to.equal('The user gave him their number.');
    expect(second('My brother Sam moved to Berlin. I miss her.')).to.equal('The user misses her.');
    // Someone new and unnamed of the same gender may be meant as well: "a baby girl" after "my sister".
    expect(summaries("My sister had a baby girl on Sunday. Can't wait to meet her.")[0]).to.match(/The user can't wait to meet her\b/);
    expect(summaries('My brother Sam had a baby boy. I visit him every week.')[0]).to.match(/The user visits him every week/);
    // Never the subject of its own clause (that would be "himself"); another clause may mean him.
    expect(second('My brother Sam moved to Berlin. He has a big garden and adores him.')).to.equal('Sam has a big garden and adores him.');
    expect(second('My brother Sam moved to Berlin. Sam bought a bike for him.')).to.equal('Sam bought a bike for him.');
    expect(second('My brother Sam moved to Berlin. He misses me and I miss him.')).to.equal('Sam misses the user and they miss Sam.');
    // Visiting someone is no trip to a place.
    const visit = said('My brother Sam moved to Berlin. I visit him every summer.').facts[1]!;
    expect(visit.topic).to.not.match(/^trip to/);
    expect(visit.categories).to.include('routine');
  });

  it('"he" after a question or a request that names one person is that person', () => {
    const gift = said("What's a good gift for my husband? He's into woodworking and craft beer.");
    const hobby = gift.facts.find((f) => /woodworking/.test(f.summary))!;
    expect(hobby.summary).to.equal("The user's husband is into woodworking and craft beer.");
    expect(gift.entities.find((e) => e.key === hobby.subjectKey)?.relation).to.equal('spouse');
    const poem = said('Write me a birthday poem for my sister Ana. She loves cats and jazz.');
    // The question keeps nothing, so what follows keeps whose she is.
    expect(poem.facts.map((f) => f.summary)).to.deep.equal(["The user's sister Ana loves cats and jazz."]);
    const nephew = said("What's a good gift for my nephew Oscar? He's 7 and loves dinosaurs.");
    expect(nephew.facts.map((f) => f.summary)).to.deep.equal(["The user's nephew Oscar is 7 and loves dinosaurs."]);
    expect(nephew.entities.find((e) => e.name === 'Oscar')?.relation).to.equal('relative');
    // Two people asked about: "he" keeps its own word.
    expect(said('Should I invite my brother Tom or my cousin Raj? He loves board games.').facts[0]!.summary).to.match(/^He loves board games/);
  });

  it('"it" after a question that names one title is the title, and a title\'s words are no domain', () => {
    const loved = one('Can you recommend some books like Project Hail Mary? I loved it.');
    expect(loved.summary).to.equal('The user loved Project Hail Mary.');
    expect(loved.domain).to.equal('personal');
    expect(one('Have you seen Succession? I really enjoyed it, especially season 2.').summary).to.equal(
      'The user really enjoyed Succession, especially season 2.',
    );
    // Not a person the question named.
    expect(one('Any tips for my sister? I love her.').summary).to.equal('The user loves her.');
    // A title asked for more of, even one the name finder misses, after a question, a stop or a comma.
    for (const text of [
      'Can you recommend a book like The Secret History? I loved it.',
      'Recommend me a book like The Secret History. I loved it.',
      'Recommend me a book like The Secret History, I loved it.',
    ])
      expect(one(text).summary, text).to.equal('The user loved The Secret History.');
    expect(one('Can you recommend a podcast like Serial? I binged it last month.').summary).to.match(/^The user binged Serial last month/);
    const read = one('Recommend me a book like The Secret History, I read it on holiday and loved it.');
    expect(read.summary).to.equal('The user read The Secret History on holiday and loved it.');
    expect(read.categories).to.include('preference');
    // What the speaker says of themself after a task, with "we" too.
    expect(one('Suggest some films for tonight, we loved Arrival.').summary).to.equal('The user and others loved Arrival.');
  });

  it('keeps what a question asked for with the sentence after it that says whom it is for', () => {
    const summariesOf = (text: string) => said(text).facts.map((f) => f.summary);
    expect(summariesOf("Quick q - what's a good gift for a 7 year old who likes dinosaurs? It's for my nephew Oscar.")).to.deep.equal([
      "The user is looking for a good gift for a 7 year old who likes dinosaurs; it's for their nephew Oscar.",
    ]);
    expect(summariesOf("Can you suggest a cake recipe for a birthday party? It's for my daughter's 5th.")).to.deep.equal([
      "The user is looking for a cake recipe for a birthday party; it's for their daughter's 5th.",
    ]);
    expect(said("Any ideas for a present for someone who loves gardening? It's for my mother-in-law.").facts[0]!.summary).to.equal(
      "The user is looking for ideas for a present for someone who loves gardening; it's for their mother-in-law.",
    );
    // The words it came from are both sentences.
    expect(said("What's a good name for a puppy? She's for my wife.").facts[0]!.text).to.equal("What's a good name for a puppy? She's for my wife.");
    // Not a sentence that says whom something else is for, nor a question that asks for no thing.
    expect(summariesOf("What's a good gift for a 7 year old? It's a nice day today.")).to.deep.equal([]);
    expect(summariesOf("How are you? It's for my sister.")).to.deep.equal(["It's for the user's sister."]);
  });

  it('keeps a thing of the speaker\'s named by two words, with what happened to it: "Council tax went up again, £180 a month now"', () => {
    const f = said('Council tax went up again, £180 a month now.').facts;
    expect(f.map((x) => x.summary)).to.deep.equal(['Council tax went up again, £180 a month now.']);
    expect(f[0]!.domain).to.equal('finances');
    // "Washing machine" is no dropped "I'm washing".
    expect(said('Washing machine broke again yesterday.').facts.map((x) => x.summary)).to.deep.equal([
      'Washing machine broke again yesterday (on 2023-05-07).',
    ]);
    // Things in the plural, with what was done to them and when; not a remark on things in general.
    expect(said('Thesis corrections submitted on Friday.').facts.map((x) => x.summary)).to.deep.equal([
      'Thesis corrections submitted on Friday (on 2023-05-05).',
    ]);
    expect(said('My little update: corrections submitted on Friday.').facts.map((x) => x.summary)).to.deep.equal([
      'Corrections submitted on Friday (on 2023-05-05).',
    ]);
    expect(said('Kids are resilient.').facts).to.deep.equal([]);
  });

  it('keeps a noted fact without the note, and the assistant\'s "when" as the assistant\'s', () => {
    expect(one("Don't forget I'm vegan when suggesting recipes.").summary).to.equal('The user is vegan, to keep in mind when suggesting recipes.');
    expect(one('You should know I have a stammer, so phone calls are hard for me.').summary).to.equal(
      'The user has a stammer, so phone calls are hard for them.',
    );
    expect(one("For future reference, I'm left-handed.").summary).to.equal('The user is left-handed.');
  });

  it('reads "mine" after a question for help with something as the speaker\'s own of it', () => {
    const summariesOf = (text: string) => said(text).facts.map((f) => f.summary);
    // Had kept "The user's is been flaring up …", filed under work.
    const flaring = said("Quick one - what's a good stretch for sciatica? Mine's been flaring up since I started cycling to work.").facts;
    expect(flaring.map((f) => f.summary)).to.deep.equal(["The user's sciatica has been flaring up since the user started cycling to work."]);
    expect(flaring[0]!.categories).to.include('health');
    expect(summariesOf('Any tips for a teething baby? Mine is up every night.')).to.deep.equal(["The user's teething baby is up every night."]);
    expect(summariesOf("Any ideas for dinner? Mine's always boring.")).to.deep.equal(["The user's dinner is always boring."]);
    // Not what a question asks for someone else or for a time.
    expect(summariesOf("Any ideas for tonight? Mine's a flat white.")).to.not.include("The user's tonight is a flat white.");
  });

  it('"she\'s been", "he\'d gone": has and had before a participle, is and would otherwise', () => {
    const secondOf = (first: string, second: string) => said(`${first} ${second}`).facts.map((f) => f.summary)[1];
    expect(secondOf('My sister Ananya is visiting.', "She's been sick all week.")).to.equal('Ananya has been sick all week.');
    expect(secondOf('My sister Ananya is visiting.', "She's never seen the sea.")).to.equal('Ananya has never seen the sea.');
    expect(secondOf('My brother Kofi lives in Accra.', "He'd already moved there in spring.")).to.match(/^Kofi had already moved there/);
    expect(secondOf('My sister Ananya is visiting.', "She's always late for dinner.")).to.equal('Ananya is always late for dinner.');
    expect(secondOf('My brother Kofi lives in Accra.', "He'd love a visit in June.")).to.match(/^Kofi would love a visit in June/);
    expect(secondOf('My brother Kofi lives in Accra.', "He'd need a visa to come here.")).to.match(/^Kofi would need a visa/);
  });

  it('an answer that is a time, a day or an amount is about what the question asked of', () => {
    const topicOf = (question: string, answer: string) => asked(question, answer)[0]?.topic;
    expect(topicOf('What time do you usually finish work?', 'Half five most days, later on Thursdays.')).to.equal('work');
    expect(topicOf('Which day suits you best for the gym?', 'Tuesdays and Fridays, before work.')).to.equal('gym');
    expect(topicOf('How much juice did you get from the apples?', 'About nine hundred litres.')).to.equal('juice');
  });

  it('"they" opening an answer to a message about one group of the speaker\'s people names the group beside it', () => {
    const answer = (previous: string, text: string) => asked(previous, text).map((f) => f.summary);
    expect(answer('Your family looks so relaxed in that photo!', "Thanks! They're my rock through everything.")).to.deep.equal([
      "They (the user's family) are the user's rock through everything.",
    ]);
    // Asked about something else, "they" may answer that: the speaker's words. Asked about the group, the question stays.
    expect(answer("Your kids looked so happy at the party! What's the puppy's name?", "They've settled in well.").join(' ')).to.not.match(/\(/);
    expect(answer('How are your kids coping after the bike crash?', 'They were shaken at first, but they are resilient.')).to.deep.equal([
      'Asked "How are your kids coping after the bike crash?", the user answered: "They (my kids) were shaken at first, but they are resilient".',
    ]);
    // Two groups, or "they" later in the answer: the speaker's own words.
    expect(answer('How are your kids and your parents?', "They're my rock through everything.").join(' ')).to.not.match(/\(/);
    expect(answer('Your family looks so relaxed!', 'We went to the lake. They loved the boat.').join(' ')).to.not.match(/\(/);
  });

  /** A message read after `turns` (oldest first: speaker, words, speaker's name), as the processor passes them. */
  type Turn = [AnalysisContext['speaker'], string, string?];
  const readAfter = (turns: Turn[], text: string, speakerName?: string) => {
    const [previous, ...earlier] = turns.map(([speaker, t, name]) => ({ speaker, text: t, ...(name ? { speakerName: name } : {}) })).reverse();
    return said(text, { previous, earlier, ...(speakerName ? { speakerName } : {}) });
  };
  const summariesAfter = (turns: Turn[], text: string, speakerName?: string) => readAfter(turns, text, speakerName).facts.map((f) => f.summary);

  it('"she" opening a message means the one person the messages before named, when no one else could be meant', () => {
    // The speaker's own "my mom", across the assistant's reply: filed under the mother.
    const mom = readAfter(
      [
        ['user', 'My mom is visiting next week.'],
        ['assistant', 'How lovely! Is she staying long?'],
      ],
      "She's diabetic, so I want to plan meals she can eat.",
    );
    expect(mom.facts.map((f) => f.summary)).to.deep.equal(["The user's mom is diabetic, so the user wants to plan meals she can eat."]);
    expect(mom.entities.find((e) => e.key === mom.facts[0]!.subjectKey)?.relation).to.equal('parent');
    // After a lead-in with no comma too: "Actually she moved …".
    const sister = readAfter(
      [
        ['user', 'My sister lives in Bristol.'],
        ['assistant', 'Noted.'],
      ],
      'Actually she moved to Bath last year.',
    );
    expect(sister.facts.map((f) => f.summary)).to.deep.equal(["The user's sister moved to Bath last year (in 2022)."]);
    // Someone the same speaker named, across the other's question that names no one; "her" as an object too.
    const missing: Turn[] = [
      ['other', 'Edith was not in the house when I came back from the shed.', 'Aled'],
      ['other', 'Oh no. Where was she?', 'Morwen'],
    ];
    expect(summariesAfter(missing, 'The postman found her by the bus stop. She said she was off to work at the mill.', 'Aled')).to.deep.equal([
      'The postman found Edith by the bus stop.',
      'Edith said she was off to work at the mill.',
    ]);
    expect(summariesAfter(missing, "She's been muddled all week.", 'Aled')).to.deep.equal(['Edith has been muddled all week.']);
    expect(summariesAfter(missing, 'I found her asleep in the greenhouse. I gave her a blanket.', 'Aled')).to.deep.equal([
      'Aled found Edith asleep in the greenhouse.',
      'Aled gave Edith a blanket.',
    ]);
    // "Helen said" in the message is no one "he" can mean: the examiner named before is.
    expect(
      summariesAfter(
        [
          ['other', 'I passed! Two hours in a room with Hugh Bryn and he was lovely.', 'Nia'],
          ['other', 'What did they ask you?', 'Osian'],
        ],
        'Mostly the carbon chapter, which Helen always said was weak. He also asked about the sediment cores.',
        'Nia',
      ).join(' '),
    ).to.match(/Hugh Bryn also asked about the sediment cores/);
    // "She is." says nothing once "she" is named.
    expect(summariesAfter([['other', 'Nora is a credit to you.', 'Aled']], 'She is.', 'Morwen')).to.deep.equal([]);
  });

  it('"she" across messages stays as said when the messages before leave it open', () => {
    const reads = (turns: Turn[], text: string) => summariesAfter(turns, text, 'Aled').join(' ');
    // Two women named; a woman named beside an unnamed one ("Gwyn's wife"); a name of unknown gender; the other
    // speaker's own "my mum", who is not the speaker's.
    expect(reads([['user', 'Edith and Nora came round for tea.']], "She's just back from Lisbon.")).to.match(/^She's just back/);
    expect(reads([['user', "Edith stood with Gwyn's wife at the service."]], "She's booked a week in Tenby.")).to.match(/^She/);
    expect(reads([['other', 'Kit came round for tea.', 'Morwen']], "She's just back from Lisbon.")).to.match(/^She/);
    expect(reads([['other', 'My mum is back from Lisbon.', 'Morwen']], 'I saw her at the market.')).to.match(/saw her/);
    // The nearest message named a pet, or a name used as a kind of thing: "he" may be the cat, and stays.
    expect(
      reads(
        [
          ['user', 'Owen rang me this morning.'],
          ['other', 'I painted Pudding for you.', 'Morwen'],
        ],
        "He'll be unbearable now.",
      ),
    ).to.not.match(/Owen/);
    // This sentence names someone "him" could mean: the pronoun stays.
    expect(reads([['user', 'Owen rang me this morning.']], 'I painted Pudding from the photo you sent me of him.')).to.match(/of him/);
    // A capitalised word no mention reads may be someone ("Pudding" in a question): "he" stays.
    expect(
      reads(
        [
          ['user', 'Owen rang me this morning.'],
          ['other', "How's Pudding?", 'Morwen'],
        ],
        "He's eating again now.",
      ),
    ).to.not.match(/Owen/);
    // The participants are never whom "she" means.
    expect(reads([['other', 'Morwen here, how are you?', 'Morwen']], "She's lovely.")).to.not.match(/Morwen is/);
  });

  it("an answer whose subject is someone else is filed under them; a bare name or thing answered stays the speaker's", () => {
    const whose = (question: string, answer: string) => {
      const a = said(answer, { previous: { text: question, speaker: 'assistant' } });
      return a.entities.find((e) => e.key === a.facts[0]!.subjectKey);
    };
    expect(whose('Anything I can help with?', 'My sister is vegetarian and allergic to cashews.')?.relation).to.equal('sibling');
    expect(whose('How is your family?', 'My dad just retired.')?.relation).to.equal('parent');
    expect(whose('Do you have any dietary restrictions?', 'Nope, but my son is allergic to eggs.')?.relation).to.equal('child');
    expect(whose('Who is your best friend?', 'Tom, probably.')?.kind).to.equal('self');
    expect(whose("What's your favourite pizza?", 'Margherita, obviously!')?.kind).to.equal('self');
  });

  it('names that are words too are people when they speak to someone or come from next door', () => {
    for (const [text, name] of [
      ['Bill from number 12 found my cat in his shed.', 'Bill'],
      ['Mark rang this morning about the boiler.', 'Mark'],
      ['Rose told me the fete is cancelled.', 'Rose'],
      // … or do something of their own, "her" or "his".
      ['Bella had her hair cut yesterday.', 'Bella'],
      ['Hope broke her wrist at netball.', 'Hope'],
      // … or have a job: what a thing or a quality is said to be is no job.
      ['Bella is a vet at the animal hospital downtown.', 'Bella'],
      ['Rose is a primary school teacher.', 'Rose'],
      ['Hope works as a nurse in Leeds.', 'Hope'],
    ] as const)
      expect(said(text).entities.find((e) => e.name === name)?.kind, text).to.equal('person');
    // What a season or a thing does with "its" is no one's, nor what is someone's favourite.
    expect(said('Spring brought its usual hay fever.').entities.map((e) => e.name)).to.not.include('Spring');
    expect(said('Veggies are his fave!').entities.map((e) => e.name)).to.not.include('Veggies');
    // "Work called me in" names no one.
    expect(said('Work called me in on Sunday.').entities.map((e) => e.name)).to.not.include('Work');
    expect(said('Experience is a great teacher.').entities.map((e) => e.name)).to.not.include('Experience');
    // Nor is a name that is a feeling's word too a feeling whose "I" was dropped.
    expect(summaries('Hope works as a nurse in Leeds.')).to.deep.equal(['Hope works as a nurse in Leeds.']);
    expect(summaries('Hope to visit Leeds in May.')[0]).to.match(/^The user hopes to visit Leeds/);
  });

  it('a "he" opening a later clause is the one person named just before, unless the sentence names someone itself', () => {
    expect(summaries("My old friend Rui lives in Porto. We worked together in Bristol years ago and now he's a luthier.")[1]).to.match(
      /and now Rui is a luthier/,
    );
    expect(summaries("My old friend Rui lives in Porto. I met Tom there and he's lovely.").join(' ')).to.not.match(/Rui is lovely/);
  });

  it('an opening auxiliary whose "I" was dropped is the speaker\'s, even when an "I" follows; "been" before a stretch of time is not', () => {
    expect(summaries("Haven't seen my dad in years, I miss him.")[0]).to.match(/^The user hasn't seen their dad in years/);
    expect(summaries('Been vegan since 2019 but I still miss cheese.')[0]).to.match(/^The user has been vegan since 2019/);
    expect(summaries("Couldn't find a parking space so I cycled instead.")[0]).to.match(/^The user couldn't find a parking space/);
    for (const text of ['Been a crazy week.', "Been a long road, but I'm proud of how far I've come.", 'Been ages since we spoke.'])
      expect(summaries(text).join(' '), text).to.not.match(/The user has been/);
  });

  it('a later sentence of a memory about the speaker says the "I" it dropped; after someone else\'s news it stays as said', () => {
    expect(summaries('Got a new puppy yesterday. Named him Biscuit.')).to.deep.equal([
      'The user got a new puppy yesterday. The user named him Biscuit (on 2023-05-07).',
    ]);
    expect(summaries('We lost our dog Charlie in March. Still miss him every day.')[0]).to.match(/\. The user still misses him every day/);
    // Whoever spent the night in hospital, it was not said to be the speaker; an opening -ing is a comment.
    expect(
      summaries("My dad's fallen again. Saturday morning in his kitchen. Spent the night in hospital, nothing broken but his hip is bruised.")[0],
    ).to.match(/\. Spent the night in hospital/);
    expect(summaries('Maria organised the picnic for us. Uplifting.')[0]).to.match(/\. Uplifting\.$/);
  });

  it('a past verb with no subject after someone else\'s news carries it on, as said: "My dad fell again. Spent the night in hospital."', () => {
    expect(summaries('My dad fell again. Spent the night in hospital.')).to.deep.equal(["The user's dad fell again. Spent the night in hospital."]);
    expect(summaries("My mum's not well. Been in bed all week.")).to.deep.equal(["The user's mum's not well. Been in bed all week."]);
    // Someone's thing, or the speaker in the news too: the one who did it is as likely the speaker.
    expect(summaries('Hannah sent me a new plan last Thursday. Did the first run on Saturday.')[1]).to.match(/^The user did the first run/);
    // … unless it says "it": then it stays with what "it" is, in the speaker's words.
    expect(summaries("Nell's new passport came today. Renewed it online last week.")).to.deep.equal([
      "Nell's new passport came today. Renewed it online last week (on 2023-05-08).",
    ]);
    expect(summaries('Hannah cleared me for running last Thursday. Did 3 km on Saturday.')[1]).to.match(/^The user did 3 km/);
  });

  it('"\'d" before an adverb in -ly and a past form is "had"', () => {
    expect(summaries("My sister Ananya is visiting. She'd clearly planned it for weeks.")[0]).to.match(
      /\. Ananya had clearly planned it for weeks\.$/,
    );
  });

  it('"\'s" before a verb that takes a clause or "to" is "has"', () => {
    expect(summaries("My son Rory is fussy. He's suddenly decided he likes peas.")[1]).to.equal('Rory has suddenly decided he likes peas.');
    expect(summaries("My friend Priya is an analyst. She's offered to do a mock interview with me.")[1]).to.equal(
      'Priya has offered to do a mock interview with the user.',
    );
  });

  it('"she" and "him" in one sentence are not both the one person of unknown gender named before', () => {
    expect(summaries('Kit came round at noon. She told him about the party.').join(' ')).to.not.match(/Kit told Kit/);
  });

  it('keeps the speaker\'s own words when "she" could be more than one person', () => {
    const a = said('My neighbour Ruth and her daughter Mia came by. She brought a lemon cake.');
    const cake = a.facts.find((f) => /lemon cake/.test(f.summary))!;
    expect(cake.summary).to.match(/She brought a lemon cake/);
    expect(cake.summary).to.not.match(/(Ruth|Mia) brought/);
  });

  it('a fact about someone else is filed under them, and so is their interest', () => {
    for (const [text, name] of [
      ['Tom loves spicy food.', 'Tom'],
      ['My aunt Lucia adores opera.', 'Lucia'],
      ['Priya is really into bouldering these days.', 'Priya'],
    ] as const) {
      const a = said(text);
      const holder = a.entities.find((e) => e.name === name)!;
      expect(a.facts[0]!.subjectKey, text).to.equal(holder.key);
      const plan = planWrite(a, { known: [], suppressed: [], injected: [] } as never);
      const interests = plan.interests.map((i) => i.summary);
      expect(
        interests.some((s) => /^The user is interested/.test(s)),
        `${text}: ${interests}`,
      ).to.equal(false);
      for (const i of plan.interests) expect(i.ownerId, text).to.not.equal(plan.selfId);
    }
  });
});

describe('extraction: news after how one has been', () => {
  it('"Been great, …", "Good news, …" and "Big news: …" before the news are no part of it', () => {
    const other = (text: string) =>
      said(text, {
        speaker: 'other',
        speakerName: 'Bertram',
        previous: { text: 'How have you been, Bertram?', speaker: 'user', speakerName: 'Imogen' },
      }).facts.map((f) => f.summary);
    expect(other('Hey Imogen! Been great, I just adopted a second hamster.')).to.deep.equal(['Bertram just adopted a second hamster.']);
    expect(other('Good news, I got the job!')).to.deep.equal(['Bertram got the job.']);
    expect(other("Big news: we're engaged!")).to.deep.equal(['Bertram and others are engaged.']);
    // An update's header is no news either, unless it names whom the news is about.
    expect(summaries('Quick update: our boiler is fixed.')).to.deep.equal(["The user's boiler is fixed."]);
    expect(summaries('Also running update! I did my first 5k without walking.')).to.deep.equal(['The user did their first 5k without walking.']);
    expect(summaries('Biscuit update: my dog survived Bonfire Night!')[0]).to.match(/^Biscuit: the user's dog survived/);
    // Whom it names is whom a pronoun opening the news means ("Biscuit update: he survived" had kept nothing).
    expect(summaries('Biscuit update: he survived Bonfire Night!')).to.deep.equal(['Biscuit survived Bonfire Night.']);
    expect(summaries("Mum update: she's out of hospital.")).to.deep.equal(["The user's mum is out of hospital."]);
    expect(summaries("The kids update: they've settled in at the new school.")).to.deep.equal(['The kids have settled in at the new school.']);
    expect(summaries("Update on Dad - he's been discharged.")).to.deep.equal(["The user's dad has been discharged."]);
    // Nor is a heading of the conversation ("Context:", "Random thought:", "Vent -").
    expect(summaries("Context: I'm a teacher in Bristol.")).to.deep.equal(['The user is a teacher in Bristol.']);
    expect(summaries('Random thought: I should learn to sail.')).to.deep.equal(['The user should learn to sail.']);
    expect(summaries("A bit about me: I'm a nurse and I live in Leeds.")).to.deep.equal(['The user is a nurse and they live in Leeds.']);
    // "Update on the house:" keeps what the news is about.
    expect(summaries('Update on the house: we finally got the keys on Friday.')[0]).to.match(/^The house: the user and others finally got the keys/);
    expect(summaries('Update on Dad - the surgery went well.')).to.deep.equal(["The user's dad: the surgery went well."]);
    expect(summaries("Bit of background: I'm 38 and I work part time as a pharmacist.")).to.deep.equal([
      'The user is 38 and they work part time as a pharmacist.',
    ]);
    expect(summaries("Vent - my landlord still hasn't fixed the boiler.")).to.deep.equal(["The user's landlord still hasn't fixed the boiler."]);
    // Nor is a change of subject ("Diff topic -" had made a person "Diff").
    for (const [text, summary] of [
      ["ok. totally diff thing, my sister's 40th is on 14 march.", /^The user's sister's 40th is on 14 march/],
      ['Diff topic - want to start thinking about a summer holiday abroad.', /^The user wants to start thinking about a summer holiday/],
      ['Unrelated but my mum is coming to stay next week.', /^The user's mum is coming to stay next week/],
      ['On another note, I passed my driving test!', /^The user passed their driving test/],
    ] as const)
      expect(summaries(text)[0], text).to.match(summary);
    expect(said('Diff topic - want to start thinking about a summer holiday abroad.').entities.map((e) => e.name)).to.not.include('Diff');
    expect(summaries('Another thing I love is baking.')).to.deep.equal(['Another thing the user loves is baking.']);
    // Nor is a correction's opener, which had left the correction itself unkept.
    for (const text of ['Correction: the party is on Sunday, not Saturday.', 'sorry, the party is saturday the 15th not sunday!!'])
      expect(summaries(text)[0], text).to.match(/^The party is (?:on )?Sunday|^The party is Saturday the 15th/i);
    expect(summaries("Just to clarify, my wife is the one who's allergic, not me.")[0]).to.match(/^The user's wife is the one/);
    // "Actually scratch that", "Ignore that", "Change of plan" open a correction too; its dates are what was moved to.
    const moved = one("Actually scratch that, the wedding's been moved to October.");
    expect(moved).to.include({ summary: "The wedding's been moved to October (in October 2023).", domain: 'relationships' });
    expect(summaries('Ignore that, our flight is at 6am not 8am.')).to.deep.equal(["The user's flight is at 6am not 8am."]);
    expect(summaries('Change of plan, the party is on Sunday.')[0]).to.match(/^The party is on Sunday/);
  });
});

describe('extraction: what people tell an assistant, and what they ask it not to keep', () => {
  it('a request to be reminded spliced on with a comma is what the person needs to do', () => {
    expect(summaries("I've got a dentist appointment at 3pm tomorrow, remind me to leave work early.")).to.deep.equal([
      'The user has got a dentist appointment at 3pm tomorrow (on 2023-05-09).',
      'The user needs to leave work early.',
    ]);
  });

  it('a message the person asks to be kept out of their memory makes none', () => {
    for (const text of [
      'Please forget what I said about my ex.',
      "Don't remember this, but I'm thinking of leaving my job.",
      'Off the record, my boss is having an affair.',
      'Can you not save this? I had a miscarriage last year.',
      "You don't need to remember this, I'm just testing.",
    ]) {
      const a = said(text);
      expect(a.facts, text).to.deep.equal([]);
      expect(
        a.entities.filter((e) => e.kind !== 'self'),
        text,
      ).to.deep.equal([]);
    }
    // Not forgetting of one's own.
    expect(summaries('I forget what I said to my sister, it was years ago.')).to.have.length(1);
    expect(summaries("My sister doesn't remember it but I do: we met in Paris.")).to.have.length.above(0);
  });

  it('an answer to what is to be avoided or is off-limits is a constraint ("My divorce. Still raw.")', () => {
    expect(asked('Is there anything I should avoid mentioning?', 'My divorce. Still raw.')[0]!.categories).to.include('constraint');
    expect(asked('Are any topics off-limits?', 'Politics, please.')[0]!.categories).to.include('constraint');
    expect(asked('What do you want to talk about?', 'My divorce, I suppose.')[0]!.categories).to.not.include('constraint');
  });

  it('encouragement and an idiom are no order about answers ("Never give up!", "Never mind", "Love it every time")', () => {
    for (const text of ['Never give up!', 'Never mind.', 'Always happy to help!']) expect(summaries(text), text).to.deep.equal([]);
    expect(said('Love it every time.').facts[0]?.categories ?? []).to.not.include('constraint');
  });

  it('a supposition says nothing of the speaker; "Imagine my surprise" does', () => {
    for (const text of [
      "Pretend I'm a 20 year old student.",
      "Let's say I earn 40k, how much tax would I pay?",
      'Hypothetically, if my husband left, could I keep the house?',
    ])
      expect(summaries(text), text).to.deep.equal([]);
    expect(summaries('Imagine my surprise when I got the job!')).to.have.length(1);
  });

  it('"Swimming lessons for Ella" names a kind of lesson: no dropped "I\'m"', () => {
    expect(summaries('Swimming lessons for Ella on Wednesdays at 5.')).to.deep.equal(['Swimming lessons for Ella on Wednesdays at 5.']);
    expect(summaries('Swimming with the kids this afternoon.')[0]).to.match(/^The user is swimming/);
  });

  it('"Big Taylor Swift fan here" is who the speaker is', () => {
    expect(one('Big Taylor Swift fan here.')).to.include({ summary: 'The user is a big Taylor Swift fan.', subjectKey: 'self' });
    expect(one('Fellow nurse here!').summary).to.equal('The user is a fellow nurse.');
    for (const text of ['Same here!', 'The weather here.', 'Over here.']) expect(summaries(text), text).to.not.match(/The user is an? /);
  });

  it('a place or thing the speaker has in mind, asked ("thinking edinburgh?"), is what they are thinking of', () => {
    expect(summaries('i want to surprise her with a weekend away. thinking edinburgh? she loves it, we had our honeymoon there.')).to.include(
      'The user is thinking of Edinburgh. She loves it, the user and others had their honeymoon there.',
    );
    // Not asking the listener ("Thinking of coming to the party?").
    expect(summaries('Thinking of coming to the party?')).to.deep.equal([]);
    const baby = said('Good, my sister finally had her baby!').facts[0]!;
    expect(baby.summary).to.equal("The user's sister finally had her baby.");
    expect(baby.categories).to.include('life_event');
  });
});

describe('extraction: topics', () => {
  it('what one is no fan of is the topic, not "fan of" it', () => {
    expect(one("I'm not a fan of horror films, they give me nightmares.").topic).to.equal('horror films');
    expect(said("My husband isn't a fan of spicy food at all.").facts[0]!.topic).to.equal('husband — spicy food');
  });

  it('an event that says since when is not the topic ("insomnia since my divorce")', () => {
    expect(one("I've had insomnia on and off since my divorce.").topic).to.equal('insomnia');
    expect(one('We moved to Leeds after the wedding.').topic).to.equal('move to Leeds');
    expect(one('We got divorced last year.').topic).to.equal('divorce');
  });

  it('everyday words of health: off the booze, a knee playing up; "mental" alone is no health, "my little one" a child', () => {
    const sober = one("I've been off the booze for 100 days today.");
    expect(sober).to.include({ topic: 'no alcohol', domain: 'health' });
    expect(sober.categories).to.include.members(['constraint', 'health']);
    expect(one("My knee's been playing up since the half marathon.").categories).to.include('health');
    expect(one('The kids have been playing up all week.').categories).to.not.include('health');
    expect(one("Work's been mental - we're short-staffed and I've been doing 50 hour weeks.").domain).to.equal('work');
    expect(said('My little one has started nursery three mornings a week.').entities.find((e) => e.key !== 'self')).to.include({
      name: 'little one',
      relation: 'child',
    });
  });

  it('an age reached is a birthday ("turning 90")', () => {
    expect(one("I'm turning 40 next week.").topic).to.equal('birthday');
    expect(one("My grandad is turning 90 next month and we're throwing him a party.").topic).to.equal('grandad — birthday');
    // A round birthday by its ordinal ("Mum's 70th"), not an anniversary.
    expect(one("Mum's 70th is on the 14th, we've booked a table at The Ivy.").topic).to.equal('mum — birthday');
    expect(one("It's our 10th anniversary on Friday.").topic).to.not.match(/birthday/);
    // Said of several ("turn"), in words, or past ("turned"); one still to come is in the coming month named.
    const twins = one('Our twins, Ava and Leo, turn three in August.');
    expect(twins).to.include({ topic: 'Ava — birthday', eventDate: '2023-08-01' });
    expect(one('My twins turned five in March.')).to.include({ topic: 'twins — birthday', eventDate: '2023-03-01' });
  });

  it('a baby due is news kept whoever says it ("Baby number two is due in March"), and a diet counted is a guest\'s', () => {
    expect(one('Baby number two is due in March.')).to.include({ topic: 'pregnancy', eventDate: '2024-03-01' });
    expect(one("We've got a toddler (Rosie, 2) and another baby due in March.").categories).to.include('life_event');
    // "one vegetarian and one coeliac" among the guests: neither is the speaker's diet.
    const hosting = one("We're hosting Christmas this year, 12 people, one vegetarian and one coeliac.");
    expect(hosting.categories).to.not.include.members(['constraint', 'health']);
    expect(hosting.eventDate).to.equal('2023-12-25');
    expect(one("I'm coeliac.").categories).to.include.members(['constraint', 'health']);
    expect(one('My husband is vegetarian.').categories).to.include('constraint');
    // Once a year at Christmas is a routine, no Christmas in particular.
    const yearly = one('My sister lives in Toronto so I only see her once a year at Christmas.');
    expect(yearly.eventDate).to.equal(null);
    expect(yearly.categories).to.include('routine');
  });

  it('a move into a line of work is no move of home; a thing at a clause\'s end is the thing ("my driving test, it\'s booked")', () => {
    const career = one("I'm learning to code in Python, hoping to move into data analysis.");
    expect(career.domain).to.not.equal('home');
    const management = one('She moved into management last year.');
    expect(management.domain).to.equal('work');
    expect(management.categories).to.not.include('life_event');
    expect(one('We move into our new flat on Friday.')).to.include({ domain: 'home', topic: 'move' });
    expect(one("I'm studying for my driving test, it's booked for 12 February.").topic).to.equal('driving test');
    expect(one('I volunteer at a food bank on Saturday mornings.').topic).to.equal('food bank');
    expect(one('My family live in Leeds.').topic).to.equal('family');
    // A bare verb after a plural noun, or after "did", is the clause's verb.
    expect(one('How did the hip cope? Better than I expected.').topic).to.not.equal('hip cope');
    // "Couch to 5k" names a programme, not an entity "Couch".
    expect(said("I'm doing the Couch to 5k, week 4 now.").entities.map((e) => e.name)).to.not.include('Couch');
    // "WFH" is a clipping, no one's name.
    expect(said('WFH today, thank god.').entities.map((e) => e.name)).to.not.include('WFH');
    // Mass is worship, not a place to travel to.
    const mass = said("I'm Catholic but I don't go to Mass much anymore.");
    expect(mass.entities.map((e) => e.name)).to.not.include('Mass');
    expect(mass.facts[0]!.domain).to.not.equal('travel');
  });

  it('a car by its make is a product ("a Kia Niro"); a part at a wedding is the topic; a sore knee is health', () => {
    expect(
      said('I drive an electric car, a Kia Niro, so charging points matter on road trips.').entities.find((e) => e.name === 'Kia Niro'),
    ).to.include({
      kind: 'product',
    });
    expect(said('We just bought a Ford Focus.').entities.find((e) => e.name === 'Ford Focus')).to.include({ kind: 'product' });
    expect(said('I work at Ford Motor Company.').entities.find((e) => e.name === 'Ford Motor Company')).to.include({ kind: 'organization' });
    const bestMan = said("My brother's getting married in Cornwall next summer and I'm best man.").facts.find((f) => /best man/.test(f.summary));
    expect(bestMan).to.include({ topic: 'best man', domain: 'relationships' });
    for (const sore of [
      "my knee's been dodgy since I fell off my bike in March",
      'My knee hurts since I fell off my bike.',
      'My back is sore after gardening.',
    ])
      expect(one(sore).categories, sore).to.include('health');
    expect(one('The back garden is bad.').categories).to.not.include('health');
  });

  it('kinds of year and of leave are things ("a gap year", "maternity leave"); moving every two weeks is no move', () => {
    expect(one("So my daughter Lily (she's 16) wants to do a gap year in Australia and I'm not sure how I feel about it.").topic).to.equal(
      'Lily — gap year',
    );
    expect(one("I'm on maternity leave until January.").topic).to.equal('maternity leave');
    const boat = one('I live on a narrowboat on the Grand Union canal, moving every two weeks.');
    expect(boat.categories).to.not.include('life_event');
    expect(boat.categories).to.include('identity');
    // "The twins" are the speaker's, as "the wife" is.
    expect(summaries('The twins start nursery in January, three days a week.')[0]).to.match(/^The user's twins start nursery/);
    // A belt earned is an achievement; hens kept are animals.
    expect(one('I got my black belt in judo last weekend!')).to.include({ topic: 'black belt' });
    expect(one('I got my black belt in judo last weekend!').categories).to.include('life_event');
    expect(one('I keep chickens, six hens, mostly for the eggs.').domain).to.equal('pets');
    expect(one('We had chickens for dinner.').domain).to.equal('food');
  });

  it('"Dad\'s having" is to come; "Quit my job" and "Can\'t do dairy" drop their "I"', () => {
    // The day of a procedure said with "Dad's having" is ahead, as "My dad is having" is.
    expect(one("dad's having a knee replacement on the 20th").eventDate).to.equal('2023-05-20');
    const op = one("Mum's having her operation on the 20th.");
    expect(op.eventDate).to.equal('2023-05-20');
    expect(op.categories).to.include('health');
    expect(one("Tom's running shoes were ruined on the 6th.").eventDate).to.equal('2023-05-06');
    expect(one('quit my job to go freelance last month, scary but exciting').summary).to.match(/^The user quit their job/);
    expect(one('Quit smoking in January.').summary).to.match(/^The user quit smoking/);
    const dairy = one("can't do dairy, makes me ill");
    expect(dairy.summary).to.match(/^The user can't do dairy/);
    expect(dairy).to.include({ topic: 'no dairy' });
    expect(said("Can't do Friday, sorry.").facts).to.deep.equal([]);
  });

  it('"my birthday\'s 12 october" is the birthday, every year; "trying for a baby" is news', () => {
    const birthday = one("fyi my birthday's 12 october");
    expect(birthday).to.include({ topic: 'birthday', eventDate: null });
    expect(one("Mum's birthday's on the 2nd.").eventDate).to.equal('2023-06-02');
    const trying = one("we're trying for a baby, been about 8 months");
    expect(trying).to.include({ topic: 'pregnancy' });
    expect(trying.categories).to.include('life_event');
  });

  it('a pet named in a phrase of its own after "we got a puppy" is the speaker\'s pet', () => {
    for (const text of ['we got a puppy!! cocker spaniel called Bramble', 'We got a puppy! A cocker spaniel called Bramble.'])
      expect(
        said(text).entities.find((e) => e.name === 'Bramble'),
        text,
      ).to.include({ kind: 'pet', relation: 'pet' });
    // Not one that does something to someone.
    expect(said('A cocker spaniel called Bramble bit my son.').entities.find((e) => e.name === 'Bramble')?.relation).to.not.equal('pet');
  });

  it('a pastime done somewhere is the pastime ("I go climbing at the wall in town"), near one\'s office or not', () => {
    expect(one('i do pilates twice a week at the studio near my office')).to.include({ topic: 'pilates', domain: 'hobbies' });
    expect(one('I go climbing at the wall in town.').topic).to.equal('climbing');
    expect(one('I do kickboxing at a gym near work.').topic).to.equal('kickboxing');
    expect(one('I go swimming at the leisure centre near work on Tuesdays.')).to.include({ topic: 'swimming', domain: 'hobbies' });
    expect(one('I play darts at the pub on Thursdays.')).to.include({ topic: 'darts', domain: 'hobbies' });
    // What one went shopping for is what it was about; a café near the office stays the office's.
    expect(one('I went shopping for a new sofa.').topic).to.equal('sofa');
    expect(one("There's a great cafe near my office.").domain).to.equal('work');
    // Kept up once a month or every fortnight is a routine too.
    expect(one('I play bass in a covers band, we gig about once a month in local pubs.').categories).to.include('routine');
    expect(one('I see my therapist fortnightly.').categories).to.include('routine');
    expect(one('We pay 800 a month in rent.').categories).to.not.include('routine');
    // What one teaches is one's job, wherever.
    expect(one('i teach year 6 at a primary in Croydon').domain).to.equal('work');
    expect(one('I teach maths at a secondary school.').domain).to.equal('work');
    // A language one learns is one's education.
    expect(one("I've been learning Japanese on Duolingo for about six months now.").domain).to.equal('education');
    // One's own business too, whoever runs it with one.
    expect(one('I run a small bakery in Hebden Bridge with my wife.').domain).to.equal('work');
  });

  it('a job worked in shifts is the job ("I work night shifts as a paramedic")', () => {
    const job = one('I work night shifts as a paramedic so I sleep during the day.');
    expect(job).to.include({ topic: 'paramedic', domain: 'work' });
    expect(job.categories).to.include('identity');
  });

  it('a preposition before a time, or an article, is no part of the topic ("a book in months", "a paramedic")', () => {
    expect(one("I haven't picked up a book in months.").topic).to.equal('book');
    expect(one('My brother-in-law Dev is a paramedic.').topic).to.equal('Dev — paramedic');
    expect(one('My cousin had a tough time so I lent a hand in finding her a flat.').topic).to.not.match(/\bin$/);
  });

  it('a numbered kind or grade ("Type 1 diabetic", "Band 6 nurse") names no one and nothing', () => {
    const named = (text: string) => said(text).entities.filter((e) => e.key !== 'self');
    expect(named("I'm a Type 1 diabetic, so I need carb counts on recipes please.")).to.deep.equal([]);
    expect(named("I'm a Band 6 nurse on a cardiac ward.")).to.deep.equal([]);
    const nurse = said("I'm a Band 6 nurse on a cardiac ward.");
    expect(nurse.facts[0]).to.include({ domain: 'work', topic: 'band 6 nurse' });
  });

  it("a pastime's class or course is the pastime's, not school's; a race trained for is a pastime", () => {
    expect(one("I've just signed up for a pottery class on Thursday evenings.").domain).to.equal('hobbies');
    expect(one("My mum's doing a yoga course now.").domain).to.not.equal('education');
    // An endurance race is a pastime as a marathon is.
    expect(one("I'm training for my first triathlon in Bath in July.").domain).to.equal('hobbies');
    expect(one('My maths class is really hard this term.').domain).to.equal('education');
  });

  it('what one does counts before when or with whom one does it ("I listen to jazz when cooking" is no food)', () => {
    expect(one('I always listen to jazz when cooking.').domain).to.equal('hobbies');
    expect(one('I play guitar while cooking dinner.').domain).to.equal('hobbies');
    expect(one("Podcasts keep me company when I'm cooking.").domain).to.equal('hobbies');
    // With nothing else said, the clause still files it.
    expect(one('I get distracted when cooking.').domain).to.equal('food');
    // Where people met and whom one does it with are circumstances too.
    expect(one("I've started seeing someone, her name is Rosa, we met at a pottery class.").domain).to.equal('relationships');
    expect(one('I met my wife at university.').domain).to.equal('relationships');
    expect(one('I play five-a-side every Tuesday night with some guys from work.').domain).to.equal('hobbies');
    expect(one('We met at work.').domain).to.equal('work');
    expect(one('I listen to true crime podcasts on my commute.').domain).to.equal('hobbies');
  });

  it('what is not to be suggested is what the suggestion would have ("anything with mushrooms" is no mushrooms)', () => {
    expect(one("Please don't suggest anything with mushrooms, I can't stand them.").topic).to.equal('no mushrooms');
    expect(one('Never recommend recipes containing pork.').topic).to.equal('no pork');
    expect(one("Don't recommend horror films.").topic).to.equal('no recommending horror films');
  });

  it('a job whose title has initials with an ampersand ("an A&E nurse") is work, its initials as said', () => {
    const nurse = one('I work nights as an A&E nurse so mornings are my evenings.');
    expect(nurse).to.include({ domain: 'work', topic: 'A&E nurse' });
    expect(nurse.categories).to.include('identity');
  });

  it("a topic read off a memory's words comes from its first sentence, not across its end", () => {
    const [f] = said("It sure isn't, Odile. My nephews have plenty and others don't.", { speaker: 'other', speakerName: 'Desmond' }).facts;
    expect(f!.topic).to.not.match(/\bMy\b/);
  });

  it('a word after a determiner that the tagger read as a bare verb is the thing ("this trip"), not after a relative "that"', () => {
    expect(one('Glad we can all be on this trip together.').topic).to.equal('trip');
    expect(one('Sunsets are the little things that make me happy.').topic).to.not.equal('make');
  });

  it('an event said not to have happened is no life event ("I\'m not pregnant", "stood there not moving")', () => {
    for (const text of [
      "I'm not pregnant, that was a false alarm.",
      'I just stood there in the living room not moving.',
      "We're not getting married after all.",
    ])
      expect(one(text).categories, text).to.not.include('life_event');
    expect(one("I'm not allergic to penicillin after all, the test came back negative.").topic).to.equal('penicillin allergy');
  });

  it('what is left out is the food, past "anything with"; a diagnosis of type 2 diabetes keeps its number', () => {
    expect(one("I can't have anything with gluten, I have coeliac disease.").topic).to.equal('no gluten');
    expect(one("I don't eat anything with dairy in it.").topic).to.equal('no dairy');
    expect(one('I got diagnosed with type 2 diabetes in March.').topic).to.equal('type 2 diabetes');
    // Drinking with nothing after it is alcohol; a clause after it is no drink.
    expect(one("I don't drink.").topic).to.equal('no alcohol');
    expect(one("I don't drink and I don't smoke.").topic).to.equal('no alcohol');
    expect(one("I don't drink coffee after noon.").topic).to.equal('no coffee');
  });
});

describe('extraction: names that are words too', () => {
  it('what a name describes is no part of it: a London-based startup is in London', () => {
    expect(said('I work for a London-based startup.').entities.map((e) => e.name))
      .to.include('London')
      .and.not.include('London-based');
    expect(said('My fiancé wants a Bollywood-themed reception.').entities.map((e) => e.name)).to.not.include('Bollywood-themed');
  });

  it('"Leo loves soccer", "Max hates broccoli": an opener that likes or is allergic is someone, and it is their preference', () => {
    for (const [text, name] of [
      ['Leo loves soccer.', 'Leo'],
      ['Max hates broccoli.', 'Max'],
      ['Leo and Mia both love soccer.', 'Leo'],
      ['Tom and Leo love soccer.', 'Leo'],
      ['Max is allergic to peanuts.', 'Max'],
    ] as const) {
      const a = said(text);
      const holder = a.entities.find((e) => e.name === name);
      expect(holder?.kind, text).to.equal('person');
      expect(a.facts[0]!.categories, text).to.include(/allergic/.test(text) ? 'constraint' : 'preference');
    }
  });

  it('"Cats love boxes", "Everyone loves pizza", "Work loves deadlines" name no one', () => {
    for (const text of ['Cats love boxes.', 'Everyone loves pizza.', 'Work loves deadlines.', 'Life hates me sometimes.'])
      expect(
        said(text).entities.filter((e) => e.kind !== 'self'),
        text,
      ).to.deep.equal([]);
  });
});

describe("extraction: a fact about someone in the speaker's life names the speaker too", () => {
  it('"my son …" is filed under the son and relates to the speaker; "Tom loves …" does not', () => {
    const other = said('My son twisted his ankle at football on Friday.', { speaker: 'other', speakerName: 'Nadia' });
    const fact = other.facts[0]!;
    expect(other.entities.find((e) => e.key === fact.subjectKey)).to.include({ name: "Nadia's son" });
    expect(fact.mentionKeys).to.include('other_speaker');
    const mine = said('My aunt Lucia adores opera and took me to Tosca.');
    const plan = planWrite(mine, { known: [], suppressed: [], injected: [] } as never);
    expect(plan.facts[0]!.mentionIds).to.include(plan.selfId);
    expect(said('Tom loves spicy food.').facts[0]!.mentionKeys).to.not.include('self');
  });
});

describe('extraction: the names a speaker gives themself', () => {
  it('are aliases of the speaker, never someone new; "call me later" names no one', () => {
    const named = said('My name is Samantha but everyone calls me Sam.');
    expect(named.entities.map((e) => [e.key, e.aliases])).to.deep.equal([['self', ['samantha', 'sam']]]);
    expect(named.facts[0]!.subjectKey).to.equal('self');
    expect(said('Call me Sam, by the way.').entities.map((e) => e.key)).to.deep.equal(['self']);
    // Kept as what the speaker goes by, not as a request ("Call the user Sam, by the way").
    expect(said('Call me Sam, by the way.').facts.map((f) => [f.summary, f.topic])).to.deep.equal([['The user goes by Sam.', 'name']]);
    // A title is part of the name one goes by, and names no doctor of theirs.
    const titled = said('Please call me Dr. Patel in formal emails.');
    expect(titled.facts.map((f) => f.summary)).to.deep.equal(['The user goes by Dr. Patel in formal emails.']);
    expect(titled.entities.map((e) => e.key)).to.deep.equal(['self']);
    expect(titled.entities[0]!.aliases).to.deep.equal(['dr. patel']);
    // Without the full stop too, and with the other name allowed in the same breath; a name is no health matter.
    const twoNames = said('Call me Dr Patel at work, but Priya is fine here.');
    expect(twoNames.entities.map((e) => [e.key, e.aliases])).to.deep.equal([['self', ['dr patel', 'priya']]]);
    expect(twoNames.facts.map((f) => [f.domain, f.categories.includes('health')])).to.deep.equal([['work', false]]);
    expect(said('Call me later, ok? My brother Tom is here.').entities.find((e) => e.key === 'self')?.aliases ?? []).to.deep.equal([]);
    // A request for the name, and the name one would rather not be called by beside the one that is theirs.
    expect(said('Could you call me Katherine please?').facts.map((f) => f.summary)).to.deep.equal(['The user goes by Katherine.']);
    const rather = said("I hate being called Kate, it's Katherine.");
    expect(rather.entities.map((e) => [e.key, e.aliases])).to.deep.equal([['self', ['kate', 'katherine']]]);
    // Someone else's name is not the speaker's.
    const son = said('My son hates being called Tommy now.');
    expect(son.entities.find((e) => e.key === 'self')?.aliases ?? []).to.deep.equal([]);
    const other = said('Hi! My name is Priya, nice to meet you.', { speaker: 'other' });
    expect(other.entities.map((e) => [e.key, e.name])).to.deep.equal([['other_speaker', 'Priya']]);
  });

  it('"Hi, I\'m Priya!" and "I\'m Dana, by the way" introduce the speaker; "I\'m Jewish" and "I\'m Canadian" do not', () => {
    for (const [text, name] of [
      ["Hi, I'm Priya! I work in marketing.", 'priya'],
      ["I'm Dana, by the way.", 'dana'],
      ["I'm Sam.", 'sam'],
    ] as const) {
      const a = said(text);
      expect(
        a.entities.map((e) => [e.key, e.aliases]),
        text,
      ).to.deep.equal([['self', [name]]]);
      expect(a.facts[0]!.topic, text).to.equal('name');
    }
    // A name, then an age or "a …": both kept, the name as the speaker's.
    const amara = said("Hi! I'm Amara, 27, nurse in Birmingham.");
    expect(amara.entities.find((e) => e.key === 'self')?.aliases).to.deep.equal(['amara']);
    expect(amara.facts.map((f) => f.summary)).to.deep.equal(["The user's name is Amara, the user is 27, nurse in Birmingham."]);
    expect(said("I'm Sam, a teacher from Leeds.").facts.map((f) => f.summary)).to.deep.equal([
      "The user's name is Sam, the user is a teacher from Leeds.",
    ]);
    expect(said("I'm Exhausted, a long day.").entities.find((e) => e.key === 'self')?.aliases ?? []).to.deep.equal([]);
    // The name must be capitalised: "back" and "home" are no names after a greeting either.
    for (const text of ["I'm Jewish.", "I'm Canadian.", "Hi, I'm Okay.", "Hey, I'm back!", 'Hi, I’m home.'])
      expect(said(text).entities.find((e) => e.key === 'self')?.aliases ?? [], text).to.deep.equal([]);
  });

  it('"I go by Sam and I teach piano": the second "I" is the speaker alone, not "Sam and I"', () => {
    // Named again after a name: "they" could be read as Sam, or as Tom and the speaker.
    expect(said('I go by Sam and I teach piano.').facts[0]!.summary).to.equal('The user goes by Sam and the user teaches piano.');
    expect(said('I went with Tom and I loved it.').facts[0]!.summary).to.match(/and the user loved it/);
    expect(said('Tom and I love camping.').facts[0]!.summary).to.equal('Tom and the user love camping.');
    // "the kids and I", "our son and I" are plural subjects too.
    expect(said('The kids and I are going camping this weekend.').facts[0]!.summary).to.match(/^The kids and the user are going camping/);
    expect(said('Our son and I love fishing.').facts[0]!.summary).to.equal("The user's son and the user love fishing.");
  });

  it('"I\'m Brazilian and I speak …": a capitalised word after the speaker\'s own verb starts no joint subject', () => {
    expect(said("I'm Brazilian and I speak Portuguese.").facts[0]!.summary).to.equal('The user is Brazilian and they speak Portuguese.');
    expect(said('I met Tom and I liked him straight away.').facts[0]!.summary).to.equal('The user met Tom and the user liked him straight away.');
    // A clause of its own after "think", "hope", "sure": "Maria and I" is its subject.
    expect(said('I think Maria and I will go.').facts[0]!.summary).to.equal('The user thinks Maria and the user will go.');
    expect(said('I hope Tom and I can visit.').facts[0]!.summary).to.equal('The user hopes Tom and the user can visit.');
  });
});

describe('extraction: a dropped "I"', () => {
  it('is marked on the fact, and the plan scores it as if the speaker had said it', () => {
    const dropped = said('Just started doing indoor climbing, it is great.');
    expect(dropped.facts[0]).to.include({ subjectKey: 'self', speakerUnsaid: true });
    expect(said('I just started doing indoor climbing, it is great.').facts[0]).to.not.have.property('speakerUnsaid');
    expect(said('Last night was amazing, the band played till two.').facts[0] ?? {}).to.not.have.property('speakerUnsaid');
    const person = { known: [], suppressed: [], injected: [] } as never;
    const s5 = (text: string) => planWrite(said(text), person).facts[0]!.s5;
    expect(s5('Just started doing indoor climbing, it is great.')).to.be.above(0);
    expect(s5('Just started doing indoor climbing, it is great.')).to.equal(s5('I just started doing indoor climbing, it is great.'));
  });

  it('before a verb of one\'s days with a habit or a where ("Work from home Mondays and Fridays"), not an order', () => {
    expect(summaries('Work from home Mondays and Fridays.')).to.deep.equal(['The user works from home Mondays and Fridays.']);
    expect(summaries('Go to the gym most mornings.')).to.deep.equal(['The user goes to the gym most mornings.']);
    expect(one('Live in Leeds with my wife.').summary).to.equal('The user lives in Leeds with their wife.');
    for (const text of ['Go to the settings page and click save.', 'Run the tests every time you push.', 'Work at your own pace.'])
      expect(summaries(text), text).to.deep.equal([]);
    // What it says of the speaker is read with the "I" back: a liking.
    expect(one('Love hiking but hate camping.').categories).to.include('preference');
    // "Love to travel" is a liking, no sign-off.
    expect(one('Love to travel.').summary).to.equal('The user loves to travel.');
  });

  it('before what the speaker cannot do, does without, or where they will not be; not before an order or a remark', () => {
    expect(one("Can't eat gluten.").summary).to.equal("The user can't eat gluten.");
    expect(one("Can't afford a holiday this year.").summary).to.equal("The user can't afford a holiday this year (in 2023).");
    expect(one("Don't drink coffee, it makes me jittery.").summary).to.equal("The user doesn't drink coffee, it makes them jittery.");
    expect(one("Won't be around next week, I'm in Lisbon for work.").summary).to.match(/^The user won't be around next week, they are in Lisbon/);
    // An order to the listener stays one; "can't" before what is no doing of the speaker's is a remark.
    expect(one("Don't mention my ex again.").summary).to.not.match(/doesn't/);
    expect(summaries("Don't use emojis in your replies.").join(' ')).to.not.match(/doesn't/);
    expect(summaries("Can't believe it's already June.")).to.deep.equal([]);
    expect(summaries("Can't go wrong with pizza.")).to.deep.equal([]);
  });

  it('not before how it has been for them ("Been hectic for me lately")', () => {
    expect(summaries('Been hectic for me lately. Started hitting the gym last week.')[0]).to.equal('Been hectic for the user lately.');
    expect(one('Been busy with work.').summary).to.equal('The user has been busy with work.');
  });

  it('in a later sentence before a doing after "still" or "really", and after someone\'s news it carries it on as said', () => {
    expect(one('My girlfriend and I broke up last month after 5 years. Still finding it hard.').summary).to.match(
      /after 5 years\. The user is still finding it hard/,
    );
    expect(summaries('My mum had surgery on Monday. Still waiting on the results.')).to.deep.equal([
      "The user's mum had surgery on Monday. Still waiting on the results (on 2023-05-01).",
    ]);
  });

  it('before being off work or on leave, and what the statement says is read with it ("Really into bouldering" is a liking)', () => {
    expect(one('Off work this week with the flu.').summary).to.equal('The user is off work this week with the flu (week of 2023-05-08).');
    expect(one('On maternity leave until March.').summary).to.match(/^The user is on maternity leave until March/);
    expect(one('Really into bouldering at the moment.').categories).to.include('preference');
    expect(one('Thinking of getting a dog.').topic).to.equal('dog');
  });

  it('is not before how someone came across ("Sounded really tired"): that stays with whom it is said of', () => {
    expect(summaries('Mum rang this morning. Sounded really tired.')).to.deep.equal([
      "The user's mum rang this morning. Sounded really tired (on 2023-05-08).",
    ]);
    expect(one('My neighbour Pat popped round. Seemed a bit lost since her husband died.').subjectKey).to.not.equal('self');
    expect(summaries('Went to see Dad in hospital. Looked better than last week.')).to.have.length(1);
    expect(summaries('Sounded like a great gig.')).to.deep.equal([]);
    // Looking after, into or at something is the speaker's doing.
    expect(summaries('Looked after the grandkids all weekend.')).to.deep.equal(['The user looked after the grandkids all weekend.']);
  });
});

describe('extraction: whose interest', () => {
  const interestsOf = (text: string, extra: Partial<AnalysisContext> = {}) => {
    const plan = planWrite(said(text, extra), { known: [], suppressed: [], injected: [] } as never);
    return plan.interests.map((i) => ({ summary: i.summary, own: i.ownerId === plan.selfId }));
  };

  it('"they love …" is no interest of the speaker, whoever they are', () => {
    expect(interestsOf('We took the twins to the aquarium. They love watching the jellyfish.').filter((i) => i.own)).to.deep.equal([]);
    expect(interestsOf('She really enjoys baking sourdough.')).to.deep.equal([]);
    expect(interestsOf('His favourite band is Radiohead.')).to.deep.equal([]);
  });

  it('no interest in a comparison or an accident, and the verb after an adverb is the interest', () => {
    expect(interestsOf("We're like two peas in a pod at the climbing gym.")).to.deep.equal([]);
    expect(interestsOf('I was shaking after we got into the crash on the ring road.')).to.deep.equal([]);
    expect(interestsOf('I like to just sit by the canal in the evenings.').map((i) => i.summary)).to.deep.equal([
      'The user is interested in sitting by the canal.',
    ]);
    expect(interestsOf('I got into bouldering last year.').map((i) => i.summary)).to.deep.equal(['The user is interested in bouldering.']);
  });

  it("a name liking something inside the speaker's memory is that person's interest", () => {
    const found = interestsOf('I went to Peru with my friend Tom. Tom loves spicy food, so we ate ceviche every day.');
    expect(found.filter((i) => i.own)).to.deep.equal([]);
    expect(found.map((i) => i.summary)).to.include('Tom is interested in spicy food.');
    expect(interestsOf('I love hiking.')).to.deep.equal([{ summary: 'The user is interested in hiking.', own: true }]);
  });

  it('a pastime kept up for months or years is an interest, though no liking is said; a job or a home kept up is not', () => {
    expect(interestsOf("I've been playing bass in a covers band since uni.")).to.deep.equal([
      { summary: 'The user is interested in playing bass.', own: true },
    ]);
    expect(interestsOf("I've been doing pottery for three years now.").map((i) => i.summary)).to.deep.equal(['The user is interested in pottery.']);
    expect(interestsOf("I've been knitting since I was a teenager.").map((i) => i.summary)).to.deep.equal(['The user is interested in knitting.']);
    expect(interestsOf('Sarah has been playing the violin since she was five.').map((i) => i.summary)).to.deep.equal([
      'Sarah is interested in playing the violin.',
    ]);
    for (const text of [
      "I've been working at Tesco for three years.",
      "I've been living in Leeds since 2019.",
      "I've been seeing someone for a few months.",
    ])
      expect(interestsOf(text), text).to.deep.equal([]);
  });
});

describe('extraction: an aside after a name, and "according to"', () => {
  it('"Happy birthday to my wife, who …" is no feeling of the speaker\'s', () => {
    expect(said('Happy birthday to my wife, who turns 40 today.').facts[0]!.summary).to.match(
      /^Happy birthday to the user's wife, who turns 40 today/,
    );
  });

  it('"Ezra, according to Keiko, is …" keeps Ezra (no address), and Keiko is a person', () => {
    const a = said('Ezra, according to Keiko, is mainly great at the rude words.');
    expect(a.facts[0]!.summary).to.equal('Ezra, according to Keiko, is mainly great at the rude words.');
    expect(a.entities.find((e) => e.name === 'Keiko')?.kind).to.equal('person');
    expect(said('According to Maria, the film is great.').facts[0]!.summary).to.equal('According to Maria, the film is great.');
  });
});

describe('extraction: grammatical third-person renderings', () => {
  const table: Array<[string, string]> = [
    ['I broke my wrist skiing when I was nineteen.', 'The user broke their wrist skiing when they were nineteen.'],
    ['I read mostly science fiction novels.', 'The user reads mostly science fiction novels.'],
    // An oath is no one's god; a capitalised "Me" in a title is no one.
    ['Oh my god, I completely forgot the recipe.', 'The user completely forgot the recipe.'],
    ['My gosh I finally passed the exam!', 'The user finally passed the exam.'],
    ['We sang Abide with Me at the service.', 'The user and others sang Abide with Me at the service.'],
    ['I usually cut my own hair.', 'The user usually cuts their own hair.'],
    // "our" of what two have together is theirs, not the speaker's alone.
    [
      'My partner works nights, so weekends are our only time together.',
      "The user's partner works nights, so weekends are their only time together.",
    ],
    // "the youngest" after "I'm" is the speaker's rank, not a child of theirs.
    ["I'm the youngest.", 'The user is the youngest.'],
    // The same behind a prefix, and a second verb after "have got".
    ['I reread The Hobbit every year.', 'The user rereads The Hobbit every year.'],
    ["I've got two kids and want a third.", 'The user has got two kids and wants a third.'],
    ['I have two kids and want a third.', 'The user has two kids and wants a third.'],
    // A word after "a" or "my" is a noun, though the tagger knows it as a verb too ("to dog"): the verb after "and" is the speaker's.
    ["I've got a dog and want a cat.", 'The user has got a dog and wants a cat.'],
    ['I have got two kids and want a third.', 'The user has got two kids and wants a third.'],
    ['I have got a dog and want a cat.', 'The user has got a dog and wants a cat.'],
    ['I love my job but hate the commute.', 'The user loves their job but hates the commute.'],
    ['I read that biography last year.', 'The user read that biography last year (in 2022).'],
    ["I've lost my keys and I'm late for work.", 'The user has lost their keys and they are late for work.'],
    ['I sold my bike because I wanted a car.', 'The user sold their bike because they wanted a car.'],
    // "the wife", "the missus": the speaker's own.
    ['The missus wants a dog but I am not sure.', "The user's missus wants a dog but the user is not sure."],
    // … and "the youngest", "the eldest": a child of theirs by rank, not "the youngest of four".
    ["The youngest has chickenpox so I'm working from home.", "The user's youngest has chickenpox so the user is working from home."],
    ['My friend Jo is the youngest of four.', "The user's friend Jo is the youngest of four."],
    // A negated verb opening a sentence drops an "I"; "note" ending a sentence is a note.
    ["Haven't spoken to my dad in 5 years, it's complicated.", "The user hasn't spoken to their dad in 5 years, it's complicated."],
    ["I didn't crack on the high note.", "The user didn't crack on the high note."],
    // A verb after a comma and how often ("…, rarely sleep") is the speaker's too.
    ["I'm a night owl, rarely sleep before 2am.", 'The user is a night owl, rarely sleeps before 2am.'],
    ["I'm vegan, never eat honey either.", 'The user is vegan, never eats honey either.'],
    // … but not a word after it that is no verb.
    ["I'm a night owl, rarely in bed before 1am.", 'The user is a night owl, rarely in bed before 1am.'],
    // Present forms that only look past or progressive.
    ['I need a new laptop for work.', 'The user needs a new laptop for work.'],
    ['I always bring snacks to practice.', 'The user always brings snacks to practice.'],
    ['I agreed to coach the team.', 'The user agreed to coach the team.'],
    ['I retook the exam and I overslept on the morning of it.', 'The user retook the exam and they overslept on the morning of it.'],
    // Others named between: "they" could be read as them.
    [
      "I miss Priya and the team, but I don't miss the night shifts.",
      "The user misses Priya and the team, but the user doesn't miss the night shifts.",
    ],
    ['I love my kids but I need a break.', 'The user loves their kids but the user needs a break.'],
    ['I learnt to swim when I was six.', 'The user learnt to swim when they were six.'],
    // Shouting reads as said; a lone acronym stays, and so does what may be code.
    ['I GOT THE JOB!!', 'The user got the job.'],
    ['The NHS app is down again.', 'The NHS app is down again.'],
    ['My note says MATCH (n) DETACH DELETE n.', "The user's note says MATCH (n) DETACH DELETE n."],
    // An irregular participle after "I'd" is "had".
    ["I'd forgotten how good it feels.", 'The user had forgotten how good it feels.'],
    ["I'd bought the tickets already.", 'The user had bought the tickets already.'],
    ["We'd sold everything by eleven.", 'The user and others had sold everything by eleven.'],
    // "never" before a bare verb: "would".
    ["On the ward I'd never know what happened next.", 'On the ward the user would never know what happened next.'],
    // The first mention is no subject: "them" could be read as the kids, so the name stays.
    ['My kids were cheering for me.', "The user's kids were cheering for the user."],
    // Each sentence names the speaker again: "them" after "It made" could be read as the meeting.
    [
      'Last Friday I went to a zoning hearing. It made me even more motivated.',
      'Last Friday the user went to a zoning hearing. It made the user even more motivated (on 2023-05-05).',
    ],
    // A sentence with a "they" of its own (the kids) names the speaker each time: "them" could be read as the kids.
    ['Especially after the move, I need them more than ever.', 'Especially after the move, the user needs them more than ever.'],
    ['I was glad I could give them a hand.', 'The user was glad the user could give them a hand.'],
    [
      "I'm fortunate to have my wife and daughters; they keep me grounded.",
      "The user is fortunate to have the user's wife and daughters; they keep the user grounded.",
    ],
    ['I want to be strong for my parents, they give me hope.', "The user wants to be strong for the user's parents, they give the user hope."],
    // In a sentence of "we", "our" and "ourselves" are the group's.
    [
      "We've poured our energy into the garden and I'm sure we'll win.",
      "The user and others have poured their energy into the garden and the user is sure they'll win.",
    ],
    ['The choir gives us strength and tells us we are not alone.', 'The choir gives the user and others strength and tells them they are not alone.'],
    // "Myself" with no one named before it names the speaker.
    ['Buying a bracelet to remind myself of it was worth it.', 'Buying a bracelet to remind the user of it was worth it.'],
    ["It's reminding me we should clear the gutters.", "It's reminding the user that the user and others should clear the gutters."],
    // A sentence with a "they" of its own names the group each time.
    ['They invited us and we said yes.', 'They invited the user and others and the user and others said yes.'],
    ['Our dog Rex is getting old.', "The user's dog Rex is getting old."],
    ['We built the shed ourselves last summer.', 'The user and others built the shed themselves last summer (in summer 2022).'],
    // "Our" before what each has one of is theirs: "the user's hearts" would give one person several.
    ['Songs really have a way of calming our minds.', 'Songs really have a way of calming their minds.'],
    // With the speaker as the object, the dropped subject is something else, not "I".
    ['Really made me think about looking after our bodies.', 'Really made the user think about looking after their bodies.'],
    // "Me-time" is no reference to the speaker; a hyphenated verb takes its -s at the end.
    ["I'm setting aside some me-time every evening.", 'The user is setting aside some me-time every evening.'],
    ['I color-code my notes every week.', 'The user color-codes their notes every week.'],
    ['I 100% agree with the new plan for the garden.', 'The user 100% agrees with the new plan for the garden.'],
    // A second verb of the same subject after "and" takes its -s too; one after a verb of its own, or in a new clause, does not.
    ["I'm 34 and live in Toronto.", 'The user is 34 and lives in Toronto.'],
    ['I do the school run every morning, then work 9:30 to 3.', 'The user does the school run every morning, then works 9:30 to 3.'],
    ['I drop the kids at nursery, then work from home.', 'The user drops the kids at nursery, then works from home.'],
    ["I'm Canadian but live in the US.", 'The user is Canadian but lives in the US.'],
    // After "been" and an adverb before it, and before a liking verb's plain object.
    [
      "I've just been diagnosed with sleep apnoea and have to use a CPAP machine.",
      'The user has just been diagnosed with sleep apnoea and has to use a CPAP machine.',
    ],
    ["I've always been a night owl and hate mornings.", 'The user has always been a night owl and hates mornings.'],
    // "love" after "and" is as often a noun.
    ['I love the self-acceptance and love theme.', 'The user loves the self-acceptance and love theme.'],
    // After a comma, only where one lives or works: a list after a comma runs on.
    ["I'm 42, live in Denver with my wife.", 'The user is 42, lives in Denver with their wife.'],
    // … and "have" with no one after it, however the tagger reads it.
    ["I'm a huge Arsenal fan, have been since I was a kid.", 'The user is a huge Arsenal fan, has been since they were a kid.'],
    // … and a "don't" or "haven't" after "still"; an order after a comma stays one.
    [
      "Moved to Bristol in January, still don't know many people here.",
      "The user moved to Bristol in January, still doesn't know many people here (in January 2023).",
    ],
    ["I'm 40, still haven't learned to swim.", "The user is 40, still hasn't learned to swim."],
    ["I love my new flat, don't worry about me.", "The user loves their new flat, don't worry about them."],
    // "I" after a place is a clause of its own, not one of "Dublin and I".
    [
      'My mum lives in Dublin and I try to visit her every couple of months.',
      "The user's mum lives in Dublin and the user tries to visit her every couple of months.",
    ],
    // No verb after "I": "last", "next".
    ['I last saw my cousin in 2019.', 'The user last saw their cousin in 2019.'],
    ['Mum cooked for Tom and I last night.', "The user's mum cooked for Tom and the user last night (on 2023-05-07)."],
    // A second clause that leaves its verb to the first stays with it; "they" after "my husband" could be him.
    [
      "I'm vegan but my husband isn't, so I usually cook two versions of dinner.",
      "The user is vegan but their husband isn't, so the user usually cooks two versions of dinner.",
    ],
    // … and "have" with no one after it.
    ["I'm 42, have a bad lower back, and can only train 3x a week.", 'The user is 42, has a bad lower back, and can only train 3x a week.'],
    // After a past form, a present verb of the same subject; "£2,000" is one word; "how" is no verb.
    ['I got a £2,000 bonus and want to put it in an ISA.', 'The user got a £2,000 bonus and wants to put it in an ISA.'],
    ['Tom saw what I said and how it helped.', 'Tom saw what the user said and how it helped.'],
    // After "so", what one then has to do; "so" before anything else is "very".
    ['im type 1 diabetic so need to be careful with carbs', 'The user is type 1 diabetic so needs to be careful with carbs.'],
    ['I work nights so have to sleep in the day.', 'The user works nights so has to sleep in the day.'],
    ['I work nights, have two kids and a dog.', 'The user works nights, has two kids and a dog.'],
    ['I love hiking, swimming and reading.', 'The user loves hiking, swimming and reading.'],
    ["I'm retired and live in Florida.", 'The user is retired and lives in Florida.'],
    ['I work as a nurse and volunteer at the shelter on weekends.', 'The user works as a nurse and volunteers at the shelter on weekends.'],
    ["I'm tired and need some sleep.", 'The user is tired and needs some sleep.'],
    // "have" before any word is the verb.
    ["I'm divorced and have joint custody of my kids.", 'The user is divorced and has joint custody of their kids.'],
    ["I'm retired but have a part-time gig at the library.", 'The user is retired but has a part-time gig at the library.'],
    ["I'm ready to be a dad and share my time.", 'The user is ready to be a dad and share their time.'],
    ['I love it when my kids laugh and play together.', 'The user loves it when their kids laugh and play together.'],
    ['Love hiking but hate camping.', 'The user loves hiking but hates camping.'],
    // A liking after a comma is a second one; "like" there is "such as". A "need" or "want" before a bare noun is a verb.
    ['Love hiking, hate camping.', 'The user loves hiking, hates camping.'],
    ['I love my job and like my team.', 'The user loves their job and likes their team.'],
    ["I've got stuff with sentimental value, like my bowl.", 'The user has got stuff with sentimental value, like their bowl.'],
    ['I have a headache and need sleep.', 'The user has a headache and needs sleep.'],
    ["I'm 30 and want kids someday.", 'The user is 30 and wants kids someday.'],
    // So is a "keep" before any word.
    ["I'm Jewish and keep kosher.", 'The user is Jewish and keeps kosher.'],
    ['I have a cat and keep chickens.', 'The user has a cat and keeps chickens.'],
    // "for me" of the one who does it is "themself"; after someone asked, it is "them".
    ["I'm cooking for me and my two teenage sons.", 'The user is cooking for themself and their two teenage sons.'],
    ['I asked Sam to save a seat for me.', 'The user asked Sam to save a seat for them.'],
    ['I asked my brother to save a seat for me.', 'The user asked their brother to save a seat for them.'],
    ['I would have come but the pavements are a bit much for me.', 'The user would have come but the pavements are a bit much for them.'],
    ['I work night shifts as a paramedic so I sleep during the day.', 'The user works night shifts as a paramedic so they sleep during the day.'],
    // Right after the verb, the word after "or" is a verb even where the tagger reads a noun.
    ['I usually walk or bike to work.', 'The user usually walks or bikes to work.'],
    // A past form that is also a present one is past unless a habit is spoken of.
    ['I finally beat the final boss.', 'The user finally beat the final boss.'],
    ['I beat my brother at chess every time.', 'The user beats their brother at chess every time.'],
    ['I cook and bake for my family.', 'The user cooks and bakes for their family.'],
    // "to" before a noun is no infinitive ("goes to bed … and wakes up"); before a verb it is ("wants to travel and see").
    ['I usually go to bed around 11 and wake up at 6:30.', 'The user usually goes to bed around 11 and wakes up at 6:30.'],
    // An adverb in -ly before the verb is no verb ("fullies agree"); a verb in -ly is one.
    ['I fully agree with my sister about it.', 'The user fully agrees with their sister about it.'],
    ['I strongly believe in second chances.', 'The user strongly believes in second chances.'],
    ['I rely on my sister for advice.', 'The user relies on their sister for advice.'],
    // "I'd" before a past participle is "I had"; "I myself" is "the user".
    ["I wish I had known sooner, but I'd moved to Berlin by then.", 'The user wishes they had known sooner, but they had moved to Berlin by then.'],
    ["I wish I'd studied medicine.", 'The user wishes they had studied medicine.'],
    ["I'd need a car for that.", 'The user would need a car for that.'],
    ['I myself have never smoked.', 'The user has never smoked.'],
    // "ever" is no verb.
    ['The best holiday I ever had was two weeks in Vietnam.', 'The best holiday the user ever had was two weeks in Vietnam.'],
    // Adverbs set off by commas; "Me, I …"; "mine's"; a dropped "I" before where one was born or is from.
    ['I truly, deeply love my job.', 'The user truly, deeply loves their job.'],
    ['Me, I prefer tea over coffee.', 'The user prefers tea over coffee.'],
    ["Mine's a flat white with oat milk.", "The user's is a flat white with oat milk."],
    ['Born and raised in Nairobi.', 'The user was born and raised in Nairobi.'],
    ['Originally from Accra.', 'The user is originally from Accra.'],
    ['I want to travel and see the world.', 'The user wants to travel and see the world.'],
    [
      "Mornings like these remind me why I'm building my career and keep me going.",
      "Mornings like these remind the user why the user is building the user's career and keep the user going.",
    ],
  ];
  for (const [text, summary] of table) it(`"${text}" → "${summary}"`, () => expect(one(text).summary).to.equal(summary));
});

describe('extraction: "you" in a memory says whom it was said to', () => {
  const answering = (speakerName: string, text: string) =>
    said(text, {
      speaker: 'other',
      speakerName,
      previous: { text: 'I finally opened my bike shop last week!', speaker: 'user', speakerName: 'Rolf' },
    });

  it('notes the listener, beside the date, and leaves "you" as said', () => {
    expect(answering('Wanda', "I'll send you the video of my recital tomorrow.").facts.map((f) => f.summary)).to.deep.equal([
      'Wanda will send you the video of their recital tomorrow (said to Rolf; on 2023-05-09).',
    ]);
    // "You" may mean anyone; the note only says who heard it.
    expect(answering('Wanda', 'The new mat is soft but still lets you balance, and I love it.').facts[0]!.summary).to.equal(
      'The new mat is soft but still lets you balance, and Wanda loves it (said to Rolf).',
    );
  });

  it('adds nothing without a "you", without a named listener, or when the message before was the speaker\'s own', () => {
    expect(answering('Wanda', 'I bought new tap shoes yesterday.').facts[0]!.summary).to.equal(
      'Wanda bought new tap shoes yesterday (on 2023-05-07).',
    );
    const toAssistant = said("I'll send you my packing list tonight.", { previous: { text: 'Want me to check your list?', speaker: 'assistant' } });
    expect(toAssistant.facts.map((f) => f.summary).join(' ')).to.not.match(/said to/);
    const ownFollowUp = said("I'll send you my packing list tonight.", {
      speaker: 'other',
      speakerName: 'Wanda',
      previous: { text: 'Packing for the trip now!', speaker: 'other', speakerName: 'Wanda' },
    });
    expect(ownFollowUp.facts.map((f) => f.summary).join(' ')).to.not.match(/said to/);
  });
});

describe('extraction: what frames a statement is no part of it', () => {
  it('leaves out a reminder that it may have been said before, and reads what follows in its own tense', () => {
    const table: Array<[string, string]> = [
      ["Not sure if I mentioned but I'm left-handed.", 'The user is left-handed.'],
      ["As I mentioned, I'm left-handed.", 'The user is left-handed.'],
      ["In case I didn't mention it, I'm vegan.", 'The user is vegan.'],
      ["I don't know if I said this before but I'm deaf in one ear.", 'The user is deaf in one ear.'],
      ['Like I said, I work nights.', 'The user works nights.'],
      // The subject is the one after the reminder, and its "is coming" looks ahead, past the reminder's "forgot".
      ['I forgot to mention that my dad is coming on Friday.', "The user's dad is coming on Friday (on 2023-05-12)."],
      // Forgetting something is no reminder.
      ['I forgot to mention the tickets to Sam.', 'The user forgot to mention the tickets to Sam.'],
    ];
    for (const [text, summary] of table) expect(one(text).summary, text).to.equal(summary);
    const ruth = said('Not sure if I told you but my sister Ruth is pregnant.');
    expect(ruth.entities.find((e) => e.key === ruth.facts[0]!.subjectKey)?.name).to.equal('Ruth');
    expect(one('Like I said, I work nights.').topic).to.not.equal('like');
  });

  it('names a statement by what it says, not by what it asks of the listener', () => {
    expect(one("I'm severely dyslexic, please keep the answer short.").topic).to.equal('severely dyslexic');
    expect(one('Please keep it short.').topic).to.equal('keep it short');
    expect(one('Please be blunt with me.').topic).to.equal('be blunt');
    // All request, no statement before it.
    expect(one("Just please don't die.").topic).to.equal("don't die");
  });

  it('files what one was told of oneself under oneself, named by what was told', () => {
    for (const [text, topic] of [
      ["So my manager, Priya, just told me I'm up for promotion!", 'promotion'],
      ["My boss told me I'm getting a raise in April.", 'raise'],
      ['Priya told me I got the job!', 'new job'],
      ['My doctor said I need to lose weight.', 'weight'],
      // … or what was done for one's health: the speaker's, named by what was given.
      ['my doctor put me on metformin last month, still getting used to it', 'metformin'],
      ['The GP has referred me to a dermatologist.', 'dermatologist'],
    ] as const) {
      const f = one(text);
      expect(f.subjectKey, text).to.equal('self');
      expect(f.topic, text).to.equal(topic);
    }
    // What the teller says of themself stays theirs, and so does what a carer is.
    expect(one('My doctor is lovely.').subjectKey).to.not.equal('self');
    const mum = said("Mum told me she's selling the house.");
    expect(mum.entities.find((e) => e.key === mum.facts[0]!.subjectKey)?.name).to.equal('mum');
    // A telling inside a longer statement is part of it.
    expect(one('My hands were shaking on the pointer but Marijke said I was very calm.').topic).to.equal('hands');
  });

  it('files what is said of someone the speaker has under them', () => {
    for (const [text, relation] of [
      ["I have a son who's allergic to nuts.", 'child'],
      ['I have a 3-year-old who refuses to eat anything green.', 'child'],
      ['I have a dog that barks at everything.', 'pet'],
    ] as const) {
      const { facts, entities } = said(text);
      expect(entities.find((e) => e.key === facts[0]!.subjectKey)?.relation, text).to.equal(relation);
    }
    expect(one('I have a dog that barks at everything.').topic).to.equal('dog — barks');
    // Having someone, with nothing said of them, is the speaker's; so is a thing one has.
    expect(one("I have a son and he's 5.").subjectKey).to.equal('self');
    expect(one('I have a company that makes furniture.').subjectKey).to.equal('self');
  });

  it("names an event said with one's age by the event, and a retirement as work", () => {
    expect(one("I'm 34 and pregnant with our second.").topic).to.equal('pregnancy');
    expect(one("I'm 40 and single.").topic).to.equal('age');
    expect(one('I retired from the police last year after 30 years.').domain).to.equal('work');
    expect(one('We adopted a retired greyhound.').domain).to.equal('pets');
  });

  it("reads no illness into a charity's name, and keeps a hospital's", () => {
    const skydive = one("I'm doing a charity skydive in June for Cancer Research.");
    expect(skydive.categories).to.not.include('health');
    expect(skydive.domain).to.not.equal('health');
    expect(one('My son is in Great Ormond Street Hospital.').categories).to.include('health');
  });

  it('keeps "An" inside a name', () => {
    const hoiAn = said('We spent a week in Hoi An.');
    expect(hoiAn.entities.map((e) => e.name)).to.include('Hoi An');
    expect(hoiAn.facts[0]!.topic).to.equal('trip to Hoi An');
  });
});

describe('extraction: whose event it is, and what a name is', () => {
  it("reads a wedding one goes to as someone else's, and one had or planned as one's own", () => {
    for (const text of ["We've got a family wedding in Kerala over Easter so I'll be offline for two weeks.", "I'm going to a wedding in June."]) {
      const f = one(text);
      expect(f.categories, text).to.not.include('life_event');
      expect(f.topic, text).to.not.equal('marriage');
    }
    for (const text of ["We're having a small wedding in June.", 'Our wedding is in June.']) expect(one(text).topic, text).to.equal('marriage');
  });

  it('names a lasting state said first, a resignation, and a number that is part of a name', () => {
    expect(one('I am severely claustrophobic, MRI scans are a nightmare.').topic).to.equal('severely claustrophobic');
    expect(one("I'm nervous, the interview is tomorrow.").topic).to.equal('interview');
    expect(one("I've just handed in my notice at the bank.").topic).to.equal('resignation');
    expect(one("I'm obsessed with Formula 1.").topic).to.equal('Formula 1');
    expect(one('I play FIFA 24 every night.').topic).to.equal('FIFA 24');
  });

  it('knows a phobia, a faith said for the family, and teeth out as what they are', () => {
    expect(one("I've got a fear of heights.").categories).to.include('health');
    expect(one("I had my wisdom teeth out on Tuesday and I'm living on soup.").domain).to.equal('health');
    expect(one("We're Jewish and we keep Shabbat, so nothing on Friday evenings.").categories).to.include('identity');
  });

  it('reads where someone is from as a place, and what is sent from someone as theirs', () => {
    const kindOf = (text: string, name: string) => said(text).entities.find((e) => e.name === name)?.kind;
    expect(kindOf("My dad's side of the family is from Trinidad.", 'Trinidad')).to.equal('place');
    expect(kindOf('The card was from Zyanya.', 'Zyanya')).to.equal('person');
  });
});

describe('extraction: what happened to whom, and what is named', () => {
  it('names what one does with someone by what is done, not by whom', () => {
    expect(one('My wife and I are celebrating our 25th anniversary in September.').topic).to.equal('anniversary');
  });

  it('reads a death that says when as no death of the one the statement is about', () => {
    const mum = one('My mum lives with us now since my dad died.');
    expect(mum.topic).to.not.match(/death/);
  });

  it('reads an animal put down as its death, and a foot put down as none', () => {
    expect(one('We had to have our cat put down last week, she was 19.').topic).to.equal('death');
    expect(one('We had to have our old dog Rex put down.').topic).to.equal('death');
    const foot = one('I put my foot down.');
    expect(foot.categories).to.not.include('life_event');
    expect(foot.topic).to.not.equal('death');
  });

  it('reads a thing people name as a thing, not someone', () => {
    expect(said("I've got a sourdough starter called Doughlene.").entities.find((e) => e.name === 'Doughlene')?.kind).to.equal('concept');
  });
});

describe('extraction: who the speaker is, and what things are', () => {
  it('takes "I\'m Priya, I\'m a junior doctor" as a name, not "I\'m Jewish, I\'m a teacher"', () => {
    expect(one("I'm Priya, I'm a junior doctor in Leeds.").summary).to.equal("The user's name is Priya, the user is a junior doctor in Leeds.");
    // The speaker's own names are the aliases of their entity.
    expect(said("I'm Priya, I'm a junior doctor in Leeds.").entities.find((e) => e.key === 'self')?.aliases).to.include('priya');
    for (const text of ["I'm Jewish, I'm a teacher.", "I'm Welsh, I'm a nurse.", "I'm Vegan, I'm a chef."])
      expect(one(text).summary, text).to.not.match(/name is/);
  });

  it('reads a parent of the bride as a part at a wedding, not a job', () => {
    const part = said("My daughter is getting married next summer and I'm mother of the bride!").facts.find((f) => f.subjectKey === 'self')!;
    expect(part.topic).to.equal('mother of the bride');
    expect(part.domain).to.not.equal('work');
  });

  it("reads a thing's age as no one's identity, and a boiler as home", () => {
    const boiler = one('Our boiler is 20 years old.');
    expect(boiler.categories).to.not.include('identity');
    expect(boiler.domain).to.equal('home');
    expect(one('My son is 5 years old.').categories).to.include('identity');
  });

  it('reads becoming a parent or a grandparent as a birth', () => {
    expect(one("I've just become a grandmother for the first time!").topic).to.equal('grandchild born');
    const dad = one('I became a dad in March.');
    expect(dad.topic).to.equal('birth of a baby');
    expect(dad.categories).to.include('life_event');
    // Only hoped for.
    expect(said('I took the first step towards becoming a mom, I applied to adoption agencies!').facts[0]!.topic).to.equal('adoption');
  });
});

describe('extraction: a club by its fans', () => {
  it('reads a city named before "fan" as its club, and Taylor Swift as someone', () => {
    const kindOf = (text: string, name: string) => said(text).entities.find((e) => e.name === name)?.kind;
    expect(kindOf("I'm a huge Liverpool fan, I go to Anfield most weekends.", 'Liverpool')).to.equal('organization');
    expect(kindOf("I'm a massive Taylor Swift fan.", 'Taylor Swift')).to.equal('person');
    expect(kindOf('We live in Liverpool.', 'Liverpool')).to.equal('place');
  });
});

describe('extraction: a second verb of the speaker after "been" or a state', () => {
  it('puts the verb after "and" in the third person', () => {
    for (const [text, summary] of [
      ["I've been vegan for six months and feel amazing.", 'The user has been vegan for six months and feels amazing.'],
      ["I'm 30 and feel old.", 'The user is 30 and feels old.'],
      ["I've been running for years and love it.", 'The user has been running for years and loves it.'],
    ] as const)
      expect(one(text).summary, text).to.equal(summary);
  });
});

describe("extraction: someone's age", () => {
  it('names an age said alone as the age, not its numbers', () => {
    expect(one('Our kids are 8, 11 and 14.').topic).to.equal('kids — age');
    expect(one('Grandma is 90 now.').topic).to.equal('grandma — age');
    expect(one('My daughter is 12 and loves football.').topic).to.equal('daughter — football');
  });
});

describe('extraction: what one is good or bad at, and a verb after a phrasal one', () => {
  it('names what one is good or bad at', () => {
    expect(one("I'm rubbish at cooking.").topic).to.equal('cooking');
    expect(one("I'm hopeless at remembering birthdays.").topic).to.equal('remembering birthdays');
  });

  it('puts the verb after "get up … and" in the third person', () => {
    expect(one('I get up at 6 and walk the dog.').summary).to.equal('The user gets up at 6 and walks the dog.');
  });
});

describe('extraction: signed off with something', () => {
  it('names what one is signed off with, not the work', () => {
    expect(one("I've been signed off work with stress for two weeks.").topic).to.equal('signed off with stress');
  });
});
