// Invented facts, each with a question asked in other words (no content word in common with the fact) and the
// words that show its answer reached the model. Every person is given one case's fact among fourteen others' facts,
// so the others act as unrelated memories. Invented for this project; no benchmark text.
export interface ParaphraseCase {
  fact: string;
  question: string;
  /** Any of these in an item's text shows the answer is there (lower case). */
  answer: string[];
}

export const CASES: ParaphraseCase[] = [
  { fact: 'Yoga on Sunday evenings keeps me calm.', question: 'What do I do to unwind?', answer: ['yoga'] },
  { fact: 'I did my degree in Leeds.', question: 'Which university was I at?', answer: ['leeds'] },
  { fact: 'Our tabby cat is called Mochi.', question: "What's the name of our kitty?", answer: ['mochi'] },
  { fact: "I work as a nurse at St Mary's hospital.", question: 'What is my profession?', answer: ['nurse'] },
  { fact: 'Shellfish makes my throat swell up.', question: 'Which foods am I allergic to?', answer: ['shellfish'] },
  { fact: 'My brother Dev lives in Toronto.', question: 'Which city is my sibling based in?', answer: ['toronto'] },
  { fact: 'I drive an old blue Volvo estate.', question: 'What vehicle do I own?', answer: ['volvo'] },
  { fact: 'I have played the cello since I was eight.', question: 'Which instrument can I perform on?', answer: ['cello'] },
  { fact: 'Spiders terrify me.', question: 'What am I scared of?', answer: ['spider'] },
  { fact: 'Every morning I eat porridge with blueberries.', question: "What's my usual breakfast?", answer: ['porridge'] },
  { fact: 'I was born on the 3rd of March.', question: 'When is my birthday?', answer: ['march'] },
  { fact: 'I speak fluent Portuguese.', question: 'What languages do I know?', answer: ['portuguese'] },
  { fact: 'I support Arsenal and never miss a match.', question: 'Which football club am I a fan of?', answer: ['arsenal'] },
  { fact: 'We rent a flat near the canal in Utrecht.', question: 'Where is my home?', answer: ['utrecht'] },
  { fact: 'I grow tomatoes and courgettes on my allotment.', question: 'What vegetables do I cultivate?', answer: ['tomato', 'courgette'] },
  { fact: 'My wife Ingrid is a civil engineer.', question: 'What does my spouse do for a living?', answer: ['engineer'] },
  { fact: 'I stopped eating meat three years ago.', question: 'Am I vegetarian?', answer: ['meat'] },
  { fact: 'Black coffee with no sugar is how I take it.', question: "What's my preferred hot beverage?", answer: ['coffee'] },
  { fact: 'Next spring we are flying to Japan for two weeks.', question: 'Where is our upcoming holiday?', answer: ['japan'] },
  { fact: 'I tore a ligament in my knee last winter.', question: 'What injuries have I had?', answer: ['ligament'] },
  { fact: 'Dune is the novel I reread every year.', question: "What's my favourite book?", answer: ['dune'] },
  { fact: 'The Godfather is the movie I could watch forever.', question: 'Which film do I love most?', answer: ['godfather'] },
  { fact: 'Our son Leo just started primary school.', question: "What's my kid called?", answer: ['leo'] },
  { fact: 'I cycle twenty minutes to the office.', question: 'How do I commute?', answer: ['cycle', 'cycling', 'bike'] },
  { fact: 'I rarely manage more than five hours of sleep a night.', question: 'How well rested am I?', answer: ['five hours', 'sleep'] },
  { fact: 'I take levothyroxine for my thyroid.', question: 'What pills am I on?', answer: ['levothyroxine'] },
  { fact: 'I never learned to swim.', question: 'Am I safe in deep water?', answer: ['swim'] },
  { fact: 'Mum turned seventy in June.', question: 'How old is my mother?', answer: ['seventy', '70'] },
  { fact: 'Saturdays are for hiking in the Peak District.', question: 'How do I spend my weekends?', answer: ['hiking'] },
  { fact: 'Thai green curry is the dish I make best.', question: "What's my signature recipe?", answer: ['curry'] },
  { fact: 'I listen to jazz almost constantly.', question: 'What genre of songs do I enjoy?', answer: ['jazz'] },
  { fact: "We're putting money aside for a house deposit.", question: 'What am I saving for?', answer: ['deposit'] },
  { fact: 'On Thursdays I help out at a food bank.', question: 'Where do I volunteer?', answer: ['food bank'] },
  { fact: 'My laptop is a ThinkPad running Linux.', question: 'What computer do I use?', answer: ['thinkpad'] },
  { fact: "I'm training for a marathon in October.", question: 'What race am I preparing for?', answer: ['marathon'] },
  { fact: 'I grew up on a farm in Cornwall.', question: 'Where was I raised?', answer: ['cornwall'] },
  { fact: "Green is the shade I'd paint every wall.", question: "What's my favourite colour?", answer: ['green'] },
  { fact: 'Our neighbour Ravi waters the plants when we are away.', question: 'Who looks after our greenery during trips?', answer: ['ravi'] },
  { fact: 'We got married in Lisbon in 2015.', question: 'Where was our wedding?', answer: ['lisbon'] },
  { fact: 'Coriander tastes like soap to me.', question: 'Which herb do I hate?', answer: ['coriander'] },
  { fact: 'Chess with my grandad every Sunday is a ritual.', question: 'What board game do I play?', answer: ['chess'] },
  {
    fact: "I'm short-sighted and wear contact lenses.",
    question: 'Do I have trouble with my eyesight?',
    answer: ['short-sighted', 'contact lenses'],
  },
  { fact: 'A hedgehog visits our garden most evenings.', question: 'What wildlife comes to our yard?', answer: ['hedgehog'] },
  { fact: "I've switched to an iPhone this year.", question: 'Which mobile do I have?', answer: ['iphone'] },
  { fact: 'Glastonbury is the one festival I go to every summer.', question: 'Which music event do I attend annually?', answer: ['glastonbury'] },
  { fact: "I'm taking evening classes in pottery.", question: 'What craft am I learning?', answer: ['pottery'] },
  { fact: 'I keep six succulents on my windowsill.', question: 'What houseplants do I have?', answer: ['succulent'] },
  { fact: 'My grandmother taught me to knit scarves.', question: 'Who showed me how to do needlework?', answer: ['grandmother'] },
];

/** Facts per person: one case's and fourteen other cases' as unrelated memories. */
export const FACTS_PER_PERSON = 15;

export interface ParaphrasePerson {
  userId: string;
  facts: string[];
  case: ParaphraseCase;
}

/** One person per case; the fourteen other facts are picked by a fixed stride, so every run builds the same people. */
export function paraphrasePeople(prefix = 'paraphrase'): ParaphrasePerson[] {
  const n = CASES.length;
  return CASES.map((c, i) => {
    const others = Array.from({ length: FACTS_PER_PERSON - 1 }, (_, k) => CASES[(i + 1 + ((k * 7) % (n - 1))) % n]!.fact);
    // The asked fact sits at a different place for each person, not always first or last.
    const at = (i * 5) % FACTS_PER_PERSON;
    const facts = [...others.slice(0, at), c.fact, ...others.slice(at)];
    return { userId: `${prefix}-${String(i + 1).padStart(2, '0')}`, facts, case: c };
  });
}
