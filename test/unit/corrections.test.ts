// A speaker putting right what they said a message or two before (issue 18). Invented messages only.
import { expect } from 'chai';
import { analyseMessage } from '../../src/ingest/analysis/analyse.js';
import { correctionOf } from '../../src/ingest/analysis/corrections.js';
import type { EarlierTurn } from '../../src/ingest/analysis/types.js';

const eventTime = new Date('2025-05-14T18:00:00Z');
const user = (text: string): EarlierTurn => ({ text, speaker: 'user' });
const assistant = (text: string): EarlierTurn => ({ text, speaker: 'assistant' });
/** The sentence `sentence` puts right among the user's `earlier` messages, nearest first. */
const putRight = (sentence: string, earlier: string[]) => correctionOf(sentence, earlier.map(user))?.sentence ?? null;
/** The summaries of `text` said after the user's `own` message and the assistant's `reply`. */
const saidAfter = (own: string, reply: string, text: string) =>
  analyseMessage(text, { speaker: 'user', eventTime, known: [], previous: assistant(reply), earlier: [user(own)] }).facts.map((f) => f.summary);

describe('corrections: what the speaker said before, put right', () => {
  it('replaces the words the correction names in the sentence that said them', () => {
    expect(putRight("Sorry, it's actually Thursday not Tuesday.", ['My dentist appointment is on Tuesday.'])).to.equal(
      'My dentist appointment is on Thursday.',
    );
    expect(putRight('I meant York, not Leeds.', ['My sister Priya lives in Leeds. She loves it.'])).to.equal('My sister Priya lives in York.');
    // After how the speaker found out, with an emoji, and with the preposition the sentence already has.
    expect(
      putRight('wait sorry just reread the email, its in Rotterdam not Amsterdam 🤦', [
        'Work are sending me to the data summit in Amsterdam, 21-23 April.',
      ]),
    ).to.equal('Work are sending me to the data summit in Rotterdam, 21-23 April.');
    expect(putRight("Sorry, just checked: it's at 3pm not 2pm.", ['My smear test is at 2pm on Friday.'])).to.equal(
      'My smear test is at 3pm on Friday.',
    );
    // The nearest message that says them.
    expect(putRight("It's dogs not cats", ["I'm allergic to cats.", 'We used to have cats.'])).to.equal("I'm allergic to dogs.");
  });

  it('replaces a day, a weekday, a time or a count with one of its kind when the sentence has one, and takes "Correction: A, not B"', () => {
    expect(putRight("No wait, it's the 14th.", ['The party is on the 12th at our place.'])).to.equal('The party is on the 14th at our place.');
    expect(putRight('Make that 8.', ["We're booking for 6 people."])).to.equal("We're booking for 8 people.");
    expect(putRight("Sorry, it's 3pm.", ['My dentist is at 2pm on Thursday.'])).to.equal('My dentist is at 3pm on Thursday.');
    expect(putRight('Correction: Milan, not Rome.', ["I'm flying to Rome on Friday."])).to.equal("I'm flying to Milan on Friday.");
    // Two of the kind: which one is not said.
    expect(putRight("Sorry, it's the 14th.", ['We fly out on the 12th and back on the 19th.'])).to.equal(null);
    // Without an apology or "wait", "it's the 14th" answers; "Pizza, not pasta" without one is no correction either.
    expect(putRight("It's the 14th.", ['The party is on the 12th.'])).to.equal(null);
    expect(putRight('Pizza, not pasta.', ['We had pasta last night.'])).to.equal(null);
  });

  it('replaces a name with a name only when the correction says it is one and the sentence has one name', () => {
    expect(putRight("Sorry typo, it's Zoe.", ["My daughter's name is Chloe."])).to.equal("My daughter's name is Zoe.");
    expect(putRight("Sorry, it's Zoe.", ['My daughter Chloe and my son Sam are at school.'])).to.equal(null);
    // An answer is no correction.
    expect(putRight("It's Sarah.", ['My sister Priya lives in Leeds.'])).to.equal(null);
    expect(putRight("No, it's fine.", ['My dentist appointment is on Tuesday.'])).to.equal(null);
    // No word is put right.
    expect(putRight("It's just not right.", ['We should fight for the right resources.'])).to.equal(null);
    // Nothing said before holds the words.
    expect(putRight("Sorry, it's Thursday not Tuesday.", ['I love hiking.'])).to.equal(null);
  });

  it('keeps the sentence put right as the memory, dated as said now', () => {
    // Had kept "It's actually Thursday not Tuesday (on 2025-05-08)", dated a Thursday gone.
    expect(saidAfter('My dentist appointment is on Tuesday.', 'Noted, Tuesday it is.', "Sorry, it's actually Thursday not Tuesday.")).to.deep.equal([
      "The user's dentist appointment is on Thursday (on 2025-05-15).",
    ]);
    expect(saidAfter("My daughter's name is Chloe.", 'Lovely name!', "Sorry typo, it's Zoe.")).to.deep.equal(["The user's daughter's name is Zoe."]);
    // Only the speaker's own words are put right, never the assistant's.
    expect(saidAfter('I love hiking.', 'Your appointment is on Tuesday.', "Sorry, it's Thursday not Tuesday.")).to.not.include(
      "The user's appointment is on Thursday.",
    );
  });

  it('names the message put right and the words replaced, for the write to archive what they made', () => {
    const said = (text: string, own: EarlierTurn) => analyseMessage(text, { speaker: 'user', eventTime, known: [], previous: own }).corrections;
    expect(said("Sorry, it's Thursday not Tuesday.", { ...user('My dentist appointment is on tuesday.'), messageId: 'm1' })).to.deep.equal([
      { messageId: 'm1', wrong: 'tuesday', right: 'Thursday' },
    ]);
    expect(said("Sorry typo, it's Zoe.", { ...user("My daughter's name is Chloe."), messageId: 'm2' })).to.deep.equal([
      { messageId: 'm2', wrong: 'Chloe', right: 'Zoe' },
    ]);
    // No correction, or nothing stored said it: nothing to archive.
    expect(said('Thursday works for me.', { ...user('My dentist appointment is on Tuesday.'), messageId: 'm1' })).to.equal(undefined);
    expect(said("Sorry, it's Thursday not Tuesday.", user('My dentist appointment is on Tuesday.'))).to.equal(undefined);
  });
});
