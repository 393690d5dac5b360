import { expect } from 'chai';
import fc from 'fast-check';
import {
  categoriesOf,
  isSmallTalk,
  scoreSignals,
  scoreText,
  sentimentValence,
  SIGNAL_WEIGHTS,
  statedJob,
} from '../../src/ingest/analysis/signals.js';
import { factCategories } from '../../src/ingest/analysis/topics.js';
import { DEFAULT_INJECTION_THRESHOLD } from '../../src/salience/salience.js';

const SIGNALS = ['s1', 's2', 's3', 's4', 's5'] as const;

describe('signals: the five signals and the base score', () => {
  it('keeps every signal and the base score within 0..1 and rounds them', () => {
    for (const text of ['', 'ok', "I'm allergic to peanuts", 'My grandpa passed away yesterday, I am devastated!!!', 'a'.repeat(500)]) {
      const s = scoreText(text);
      for (const k of [...SIGNALS, 'baseScore'] as const) expect(s[k], `${k} of "${text.slice(0, 20)}"`).to.be.within(0, 1);
    }
  });

  it('is deterministic', () => {
    const text = 'We got married last weekend!! I am so happy';
    expect(scoreText(text)).to.deep.equal(scoreText(text));
    const input = { categories: ['life_event' as const], entityGravities: [1, 0.95], priorMentions: 4 };
    expect(scoreSignals(text, input)).to.deep.equal(scoreSignals(text, input));
  });

  it('weights sum to one', () => {
    expect(Object.values(SIGNAL_WEIGHTS).reduce((a, b) => a + b, 0)).to.be.closeTo(1, 1e-9);
  });

  it('scores constraints such as allergies at least 0.6, and slows their decay', () => {
    for (const text of ["I'm allergic to peanuts", "I don't eat meat", 'never call me before 9', 'I am vegan']) {
      const s = scoreText(text);
      expect(s.categories, text).to.include('constraint');
      expect(s.baseScore, text).to.be.at.least(0.6);
      expect(s.decayModifier, text).to.equal(0.5);
      expect(s.modifiersApplied, text).to.equal(true);
    }
  });

  it('scores small talk lower than a life event, and lets small talk decay fastest', () => {
    const smallTalk = scoreText('ok cool thanks!');
    const lifeEvent = scoreText('I got promoted to senior engineer today!');
    expect(smallTalk.baseScore).to.be.lessThan(lifeEvent.baseScore);
    expect(smallTalk.baseScore).to.be.at.most(0.2);
    expect(smallTalk.decayModifier).to.equal(1.4);
    expect(lifeEvent.categories).to.include('life_event');
    expect(lifeEvent.decayModifier).to.equal(0.7);
  });

  it('gives emotional text a higher sentiment intensity (s4), negated or not', () => {
    const flat = scoreText('I had a sandwich for lunch');
    const sad = scoreText('My grandpa died and I am devastated');
    const happy = scoreText('I am so happy, we finally got the house!!');
    const negated = scoreText('I am not happy at all');
    expect(flat.s4).to.equal(0);
    expect(sad.s4).to.be.greaterThan(0.4);
    expect(happy.s4).to.be.greaterThan(0.4);
    // Intensity: a mild word counts a little, strong feeling a lot.
    expect(scoreText('I like tea').s4).to.be.lessThan(0.3);
    expect(negated.s4).to.be.greaterThan(0).and.lessThan(happy.s4);
    expect(sentimentValence('I am not happy')).to.be.lessThan(0);
    expect(sentimentValence('I am very happy')).to.be.greaterThan(sentimentValence('I am happy'));
  });

  it('reads sentiment beyond a short list of emotion words, but not in the sentence a shared photo becomes', () => {
    for (const t of ['The charity race was really rewarding', 'The support group made me feel accepted', 'The flight was delayed and chaotic'])
      expect(Math.abs(sentimentValence(t)), t).to.be.greaterThan(0.3);
    expect(sentimentValence('Maria shared a photo of a bookshelf in a room.')).to.equal(0);
    expect(sentimentValence('Maria shared a picture: a dog on a boat.')).to.equal(0);
    expect(sentimentValence('Our trip was fine 😊')).to.be.greaterThan(sentimentValence('Our trip was fine'));
    expect(sentimentValence('Our trip was fine 😢')).to.be.lessThan(sentimentValence('Our trip was fine'));
  });

  it('raises s2 with prior mentions: 1 − e^(−n/3), 0 without history', () => {
    const base = { categories: [], entityGravities: [0.5] };
    expect(scoreSignals('Sarah likes tea', { ...base, priorMentions: 0 }).s2).to.equal(0);
    expect(scoreSignals('Sarah likes tea', { ...base, priorMentions: 3 }).s2).to.be.closeTo(1 - Math.exp(-1), 1e-4);
    const many = scoreSignals('Sarah likes tea', { ...base, priorMentions: 30 });
    expect(many.s2).to.be.greaterThan(0.99);
    expect(many.baseScore).to.be.greaterThan(scoreSignals('Sarah likes tea', { ...base, priorMentions: 0 }).baseScore);
  });

  it('weights prevalence (s5) by the gravity of the entities', () => {
    const text = 'My wife Sarah is starting a new job';
    const high = scoreSignals(text, { categories: [], entityGravities: [0.95], priorMentions: 0, entityNames: ['Sarah', 'wife'] });
    const low = scoreSignals(text, { categories: [], entityGravities: [0.2], priorMentions: 0, entityNames: ['Sarah', 'wife'] });
    expect(high.s5).to.be.greaterThan(low.s5);
  });

  it("counts every word the analysis reads as one of the person's people or pets towards prevalence (s5)", () => {
    expect(scoreText('Somebody made dinner again').s5).to.equal(0);
    for (const text of ['Hubby made dinner again', 'My roommate made dinner again', 'The grandkids made dinner again'])
      expect(scoreText(text).s5, text).to.be.above(0);
  });

  it('counts a possessive name or role towards prevalence (s5) as the name itself', () => {
    const input = { categories: [], entityGravities: [0.35], priorMentions: 0, entityNames: ['Kofi'] };
    const possessive = scoreSignals("Kofi's band played on Friday.", input);
    expect(possessive.s5).to.be.above(0);
    expect(possessive.s5).to.equal(scoreSignals('Kofi band played on Friday.', input).s5);
    expect(scoreText("My sister's band played on Friday.").s5).to.equal(scoreText('My sister band played on Friday.').s5);
  });

  it('counts the "I" a speaker dropped towards prevalence (s5), as if said', () => {
    const input = { categories: [], entityGravities: [1], priorMentions: 0 };
    const dropped = scoreSignals('Just got back from a weekend fishing trip.', { ...input, speakerUnsaid: true });
    expect(dropped.s5).to.be.above(0);
    expect(dropped.s5).to.equal(scoreSignals('I just got back from a weekend fishing trip.', input).s5);
    expect(scoreSignals('Just got back from a weekend fishing trip.', input).s5).to.equal(0);
  });

  it('measures density (s1) and complexity (s3) in the expected direction', () => {
    expect(scoreText('so yeah it was like ok').s1).to.be.lessThan(scoreText('Sarah started chemotherapy at Mercy Hospital').s1);
    const simple = scoreText('I ran.');
    const complex = scoreText(
      'Although the project, which started in May, is delayed, I believe that we will deliver because the team is committed.',
    );
    expect(complex.s3).to.be.greaterThan(simple.s3);
  });

  it('lowers system events and, slightly, feedback', () => {
    const message = scoreText("I'm allergic to peanuts");
    const feedback = scoreText("I'm allergic to peanuts", 'feedback');
    const system = scoreText("I'm allergic to peanuts", 'system');
    expect(feedback.baseScore).to.be.lessThan(message.baseScore);
    expect(system.baseScore).to.be.lessThan(feedback.baseScore);
  });

  it('reports no modifier when none applies', () => {
    const s = scoreText('I repainted the garden shed a deep forest green over the long weekend');
    expect(s.categories).to.deep.equal([]);
    expect(s.modifiersApplied).to.equal(false);
    expect(s.decayModifier).to.equal(1);
  });

  it('starts what is kept at the injection threshold at least, and small talk below it', () => {
    // A short fact about someone else blends below the threshold: it would be kept and never given back.
    const thin = scoreSignals('Biscuit gets spooked by the hoover.', { categories: [], entityGravities: [0.3], priorMentions: 0 });
    expect(thin.baseScore).to.equal(DEFAULT_INJECTION_THRESHOLD);
    expect(thin.modifiersApplied).to.equal(true);
    expect(scoreText('Sounds great!').baseScore).to.be.below(DEFAULT_INJECTION_THRESHOLD);
  });

  it('finds categories from the lexicon', () => {
    const table: Array<[string, string[]]> = [
      ['My name is Dana and I am 34', ['identity']],
      ['I work at Acme as a nurse', ['identity']],
      ['I work remotely for a fintech startup', ['identity']],
      ["I'm Muslim, so I don't eat pork", ['identity', 'constraint']],
      ['I speak Spanish and a bit of French', ['identity']],
      ["I've lived in Toronto for ten years", ['identity']],
      ['I work night shifts at the hospital', ['routine']],
      ['We got engaged last night!', ['life_event']],
      ['I was diagnosed with diabetes', ['life_event', 'health']],
      ['Please never call me before 9', ['constraint']],
      ['I hate mushrooms', ['preference']],
      ["I'm really into pottery", ['preference']],
      ["She's really into pottery and gardening", ['preference']],
      ['My sons are into rugby', ['preference']],
      ['my fav food is pho', ['preference']],
      ['Jack is a really fussy eater', ['constraint']],
      ["My son won't eat anything green", ['constraint']],
      ["I'm doing keto at the moment", ['constraint']],
      ['Tom is doing low carb', ['constraint']],
      ["I haven't slept properly in a week", ['health']],
      ["I'm an only child", ['identity']],
      ["I'm self-employed so my income is all over the place", ['identity']],
      ["I'd rather you didn't mention my weight", ['constraint']],
      ['I want you not to use bullet points', ['constraint']],
      ['I want no emojis', ['constraint']],
      ['I take warfarin so I have to be careful with what I eat', ['constraint', 'health']],
      ["I don't drive anymore since my eyesight got worse", ['health']],
      ["I'm left handed, if that matters for the guitar", ['identity']],
      ["I've got 6 years in marketing", ['identity']],
      ['I have 10 years of experience in finance', ['identity']],
      ['My dad remarried last year', ['life_event']],
      ['I passed my driving test!', ['life_event']],
      ["I've been off work with stress for two weeks", ['health']],
      ['Signed off until after Easter', ['health']],
      ["I'm doing Dry January", ['constraint']],
      ['I freelance as a copywriter', ['identity']],
      ["I need a visa for India, I'm on a Nigerian passport", ['identity']],
      ["I'm breastfeeding so I can't take that", ['health']],
      ['I have a stoma so some foods are tricky', ['health']],
      ["I'm going through the menopause and the hot flushes are awful", ['health']],
      ["I've just qualified as a solicitor", ['identity']],
      ["I'm retired, I was a GP for 30 years", ['identity']],
      ['I handed in my notice today!', ['life_event']],
      ['I lost my job today', ['life_event']],
      ["I'm not a teacher, I'm a teaching assistant", ['identity']],
      ["I'm on maternity leave until June", ['life_event']],
      ['Spicy food is my thing', ['preference']],
      ['Gardening is my happy place', ['preference']],
      ['I collect vinyl, mostly 70s soul', ['preference']],
      ["I'm a massive foodie", ['preference']],
      ['I have a smear test booked for the 14th', ['health']],
      ['I had my flu jab on Monday', ['health']],
      ["I'm on a 5:2 diet", ['constraint']],
      ["Mum's got her hip op on Thursday", ['health']],
      ['My best mate Jonno just had twins!', ['life_event']],
      ["We've just had our second baby!", ['life_event']],
      ['A little girl called Nora, born on Tuesday.', ['life_event']],
      ["I'm a twin", ['identity']],
      ["I'm the eldest of five", ['identity']],
      ["I'm mixed race, my dad is Jamaican", ['identity']],
      ["I'm a recovering alcoholic, 3 years sober", ['health']],
      ['I gave up alcohol in January', ['constraint', 'health']],
      ["I've cut out dairy", ['constraint']],
      ['I quit sugar last month', ['constraint']],
      ["I've got type 1 diabetes so I need to count carbs for every meal", ['constraint', 'health']],
      ['He has to watch his salt since the heart attack', ['constraint']],
      ['I want you to reply in Spanish from now on', ['constraint']],
      ['I want you to talk to me like a friend', ['constraint']],
      ['She works 12 hour shifts so dinner has to be quick', ['routine']],
      ["We're getting a puppy next month", ['life_event']],
      ['I am going to visit Japan next month', ['plan']],
      ['I usually run every morning', ['routine']],
      ['I go swimming on Mondays', ['routine']],
      ['I drink way too much coffee, like 5 cups a day', ['routine']],
      ['I go to the gym three times a week', ['routine']],
      ['I think remote work is better', ['opinion']],
      ['My boyfriend and I broke up', ['relationship', 'life_event']],
      ['I have two younger brothers', ['relationship']],
      ['My partner Alex works as a nurse', ['identity', 'relationship']],
      ['I watched Oppenheimer last night, loved it', ['preference']],
      ["I'm a coffee snob", ['preference']],
      ["I'm scared of dogs", ['preference']],
      ["I can't do spicy food", ['constraint']],
      ['Alex and I have been together for 5 years', ['relationship']],
      ["I've been on antidepressants since 2020", ['health']],
      ["Pauline doesn't walk far since her hip replacement", ['health']],
      ["I'm recovering from a knee reconstruction.", ['health']],
      ["I'm cutting out alcohol completely.", ['health']],
      ["I've started wearing glasses for reading.", ['health']],
      ['I run my own cleaning business with four staff.', ['identity']],
      ['I ditched the crutches on Wednesday', ['health']],
      ['We are moving to Denver in August', ['life_event']],
      ["We're emigrating to New Zealand next spring", ['life_event']],
      ['My wife is due to give birth any day now', ['life_event']],
      ['My cousins are visiting from Lagos', ['relationship']],
      ["I'm training for a half marathon in October", ['plan']],
      ["I'm saving up for a new car", ['plan']],
      ['My partner and I are trying to save for a house', ['plan']],
      ["I'm saving up to buy a motorbike", ['plan']],
      ['I have a bad knee so no running', ['health']],
      ["I've had back problems for years", ['health']],
      ['My cat Luna is 14 and has kidney disease', ['health']],
      ['Our cat Luna is 16 and has kidney problems', ['health']],
      ['Dad has had heart trouble for years', ['health']],
      ["I'm 5'8 and about 160 lbs", ['identity', 'health']],
      ['I manage a team of 6 engineers', ['identity']],
      ["I'm learning to play the guitar", ['preference']],
      ['My son has soccer practice Tuesdays and Thursdays', ['routine']],
      ['I finally paid off my student loans!', ['life_event']],
      ["I've been feeling really burnt out at work lately", ['health']],
      ["I'm trying to get promoted by the end of the year", ['plan']],
      ['Max really hates broccoli', ['preference']],
      ["I'm currently reading Dune and loving it", ['preference']],
      ["I've lost 20 pounds since January", ['health']],
      ['I take metformin every morning', ['health', 'routine']],
      ["I'm trying to eat less sugar", ['health']],
      ["I'm cutting back on coffee", ['health']],
      ["Don't ever recommend horror movies to me", ['constraint']],
      ["I'd rather not talk about my dad", ['constraint']],
      ["Just so you know, I'm colorblind", ['health']],
      ['I work Mon-Fri', ['routine']],
      ['I support Liverpool', ['preference']],
      ['We root for Boston every season', ['preference']],
      ["I'm a huge introvert", ['identity']],
      ["I'm more of a night owl", ['identity']],
      ["Honestly I'm pretty shy around new people", ['identity']],
      ['I work in marketing', ['identity']],
      ['What are your hobbies? Knitting and baking', ['preference']],
      ['What do you do for fun? Mostly hiking', ['preference']],
      ['In my spare time I paint', ['preference']],
      ["I'm in sales at a SaaS company", ['identity']],
      ["I'm in the restaurant industry", ['identity']],
      ['I work nights as a security guard', ['identity']],
      ['We got the house!', ['life_event']],
      ["I'm waiting on biopsy results, should hear by Friday", ['health']],
      ['My son has his MMR booster next Tuesday', ['health']],
      ["I'm my mum's main carer since her stroke", ['health']],
      ["I've been seeing someone for three months", ['relationship']],
    ];
    for (const [text, expected] of table) expect(categoriesOf(text), text).to.include.members(expected);
    expect(categoriesOf('The weather is nice')).to.deep.equal([]);
    expect(categoriesOf('Stop eating my fries!')).to.not.include('constraint');
    // A past "I was a …" is a job only with how long it lasted.
    expect(categoriesOf('She thought I was a stranger')).to.not.include('identity');
    // Tired of a thing is no illness.
    expect(categoriesOf("I'm sick of my commute, it's 90 minutes each way")).to.not.include('health');
    expect(categoriesOf("I'm sick and tired of the builders")).to.not.include('health');
    expect(categoriesOf("I've been sick all week")).to.include('health');
    expect(categoriesOf("I'm learning a lot at work")).to.not.include('preference');
    expect(categoriesOf('No dairy in any meal plans, please')).to.not.include('plan');
    // Going somewhere kept up, begun or stopped is a habit, not a plan.
    expect(categoriesOf("We've been going to the same campsite in Wales for ten years")).to.not.include('plan');
    expect(categoriesOf("I've stopped going to the gym")).to.not.include('plan');
    expect(categoriesOf("I'm going to the gym after work")).to.include('plan');
    // A time word that is often ahead is no plan told in the past.
    expect(factCategories('We went hiking this weekend', undefined, true, [], undefined, false, true)).to.not.include('plan');
    expect(factCategories("I'm going hiking this weekend", undefined, true, [], undefined, false, false)).to.include('plan');
    expect(factCategories('I booked a trip to Japan this weekend', undefined, true, [], undefined, false, true)).to.include('plan');
    expect(categoriesOf("I've got a job interview on Thursday")).to.not.include('life_event');
    // A mood is no temperament.
    expect(categoriesOf("I'm so tired today")).to.not.include('identity');
    expect(categoriesOf("I'm in law school")).to.not.include('identity');
    // "loves" after a possessive is a noun: no one likes anything in it.
    expect(categoriesOf('She turned her loves of sailing into a charter company')).to.not.include('preference');
    expect(categoriesOf("I won't touch the car until Monday")).to.not.include('constraint');
    expect(categoriesOf('The dog slept on the sofa all day')).to.not.include('health');
    expect(categoriesOf("It's important we support the clinics treating it")).to.not.include('preference');
    // A date put off is no move.
    expect(categoriesOf('My appointment got moved to next Friday')).to.not.include('life_event');
    expect(categoriesOf('We lost our dog in the park for an hour')).to.not.include('life_event');
    expect(categoriesOf('My mum and dad are both retired teachers.')).to.not.include('life_event');
    expect(categoriesOf('My dad retired after 30 years at the bank.')).to.include('life_event');
    expect(categoriesOf("I lost my dad's watch")).to.not.include('life_event');
    expect(categoriesOf('We had a baby shower for Jen.')).to.not.include('life_event');
    // Medicine one studies is no health.
    expect(categoriesOf('Our youngest just got into Oxford to study medicine!')).to.not.include('health');
  });

  it('takes a stated job for identity, with the words before its head, and not a comparison or a trait', () => {
    for (const text of ["I'm a software engineer.", "I'm a data scientist at a bank.", 'I am the founder of a startup', 'I work as a nurse'])
      expect(categoriesOf(text), text).to.include('identity');
    expect(statedJob("I'm a high school teacher")).to.equal('high school teacher');
    expect(statedJob("I'm a 34-year-old product manager")).to.equal('product manager');
    // A known job word with any few words before it.
    expect(statedJob("I'm a night shift nurse, so I sleep during the day")).to.equal('night shift nurse');
    expect(statedJob("I'm a high school math teacher")).to.equal('high school math teacher');
    expect(statedJob("I'm a big believer in rest")).to.equal(null);
    // No title runs across a conjunction ("dad" is a job word, as in "a stay at home dad").
    expect(statedJob("I've been sleeping badly since Dad moved in.")).to.equal(null);
    expect(statedJob("I'm an ER nurse")).to.equal('ER nurse');
    // Initials joined by an ampersand are a title's word too, and a job's (filed under work, not health).
    expect(statedJob('I work nights as an A&E nurse so mornings are my evenings.')).to.equal('A&E nurse');
    expect(statedJob('I work as an R&D engineer at Dyson.')).to.equal('R&D engineer');
    // A grade's number is part of the title ("a Band 6 nurse").
    expect(statedJob("I'm a Band 6 nurse at the Royal Free.")).to.equal('band 6 nurse');
    // The words before a job word come first ("vet" is one too); a word in -or that is none ends no title.
    expect(statedJob("I'm a vet nurse")).to.equal('vet nurse');
    expect(statedJob("I'm a nurse for the NHS")).to.equal('nurse');
    // When one works comes between "work" and "as"; jobs without the usual endings.
    expect(statedJob('I work nights as a security guard, 7pm to 7am.')).to.equal('security guard');
    // The job one has now before the one one had; a retraining after "but" drops its "I".
    expect(statedJob('I used to be a teacher but retrained as a software developer in 2021.')).to.equal('software developer');
    expect(statedJob("I was a nurse for ten years, now I'm a midwife.")).to.equal('midwife');
    // A trade named by what is worked on first; not what one loves or who one is to someone.
    expect(statedJob("I'm a bus driver in Leeds.")).to.equal('bus driver');
    for (const text of ["I'm a coffee drinker.", "I'm a dog lover.", "I'm the eldest daughter.", "I'm a keen writer."])
      expect(statedJob(text), text).to.equal(null);
    // A head of something is a job.
    expect(statedJob("I'm now head of design at Kite.")).to.equal('head of design');
    // A new job taken "as" one.
    expect(statedJob('Started a new job as a nurse on a cancer ward.')).to.equal('nurse');
    expect(statedJob("I'm applying for a job as a nurse.")).to.equal(null);
    // One's job in medicine is who one is, no health of one's own.
    for (const text of ["I'm a GP in Leeds.", "I'm a doctor.", 'I work as a dentist.']) {
      expect(categoriesOf(text), text).to.include('identity');
      expect(categoriesOf(text), text).to.not.include('health');
    }
    expect(categoriesOf("I'm a doctor and I have asthma.")).to.include('health');
    // So is a place of care one works at.
    for (const text of ['My wife works nights at the hospital.', "My sister works at St Thomas' hospital.", 'I work in a care home.'])
      expect(categoriesOf(text), text).to.not.include('health');
    expect(categoriesOf('She works at the weekend so hospital visits are hard.')).to.include('health');
    expect(statedJob('She works weekends as a nanny.')).to.equal('nanny');
    expect(statedJob("I'm a car mechanic")).to.equal('car mechanic');
    expect(statedJob("I'm a big fan of the vet")).to.equal(null);
    // One who uses a place or service is no one's staff: no job, no identity.
    for (const text of [
      "I'm a customer of Monzo.",
      "I'm a member of the Ramblers.",
      "I'm a season ticket holder at Anfield.",
      "I'm a gym member at PureGym.",
      "I'm a passenger on the 7am train every day.",
    ]) {
      expect(statedJob(text), text).to.equal(null);
      expect(categoriesOf(text), text).to.not.include('identity');
    }
    expect(statedJob("I'm a client manager at Barclays.")).to.equal('client manager');
    expect(statedJob("I'm a customer service advisor at Sky.")).to.equal('customer service advisor');
    // A job held for years is one still.
    for (const text of ["I've been a nurse for 12 years.", 'I have worked as a teacher since 2010.'])
      expect(categoriesOf(text), text).to.include('identity');
    for (const text of ["I'm the older one", "I'm a patient person", "I'm super excited", "I'm confident about it"]) {
      expect(statedJob(text), text).to.equal(null);
      expect(categoriesOf(text), text).to.not.include('identity');
    }
  });

  it('takes restrictions and boundaries for constraints, not encouragement, idiom or percentages', () => {
    // These came out as constraints or identity facts and stood in every retrieval's context (LoCoMo conv-41).
    for (const text of [
      "Don't give up on it, pal.",
      'Never expected any of this.',
      "Don't worry, I won't let one bad day stop me.",
      'Stretching boundaries is how you learn',
      'Good knee pads help avoid bruises',
      "Don't be shy about trying it-- I'm 100% on your side.",
      'Always keep your chin up',
      "I can't stop talking about it",
      'No worries at all, see you after lunch',
      'No chance before Friday, sorry',
    ])
      expect(categoriesOf(text), text).to.not.include.members(['constraint']);
    expect(categoriesOf("I'm 100% on your side"), 'percent').to.not.include('identity');
    expect(categoriesOf("I'm 4.5 hours away"), 'decimal').to.not.include('identity');
    expect(categoriesOf("I'm 34 and a nurse"), 'age').to.include('identity');
    for (const text of [
      'I avoid gluten',
      'We try to avoid sugar',
      'Please respect my boundaries',
      "Don't mention my ex",
      'Never suggest meat dishes',
      'Always call me Sam',
      'never call me before 9',
      'Please stop suggesting running, my knees are bad',
      'Ok, please stop recommending sushi',
      // A rule the person keeps, said as "no" and a thing with when or where.
      'small win: no coffee after 2pm now',
      'ok no wine on school nights',
      'No screens at the table, house rule',
      // A food or drink left out of the diet, opening a sentence or a list's item.
      'My diet: no dairy, no gluten.',
      'No alcohol for me, thanks',
      'I can not eat shellfish',
    ])
      expect(categoriesOf(text), text).to.include('constraint');
    for (const text of ['There was no sugar left in the cupboard', 'The recipe has no eggs in it, oddly'])
      expect(categoriesOf(text), text).to.not.include('constraint');
  });

  it('recognises small talk', () => {
    for (const t of ['hi', 'thanks!', 'lol', 'ok cool', 'how are you?', 'Good morning!', 'thank you so much 🙏', ''])
      expect(isSmallTalk(t), t).to.equal(true);
    for (const t of ["I'm allergic to peanuts", 'my wife is pregnant', 'I love hiking']) expect(isSmallTalk(t), t).to.equal(false);
  });

  it('treats words that are names of object properties as plain words', () => {
    const s = scoreText('constructor toString __proto__ hasOwnProperty valueOf');
    for (const k of [...SIGNALS, 'baseScore'] as const) expect(Number.isFinite(s[k])).to.equal(true);
    expect(sentimentValence('constructor')).to.equal(0);
  });

  it('never throws and stays in range on arbitrary input (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.constantFrom('message', 'feedback', 'system' as const),
        fc.nat({ max: 100 }),
        (text, eventType, prior) => {
          const s = scoreSignals(text, { categories: categoriesOf(text), entityGravities: [0.5], priorMentions: prior, eventType });
          return [...SIGNALS, 'baseScore' as const].every((k) => s[k] >= 0 && s[k] <= 1 && Number.isFinite(s[k])) && s.decayModifier > 0;
        },
      ),
      { numRuns: 300 },
    );
  });
});
