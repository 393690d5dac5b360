import { expect } from 'chai';
import {
  type DatePrecision,
  describeDate,
  detectTense,
  resolveDate,
  resolveFirstDate,
  tenseAsked,
  withDatesResolved,
} from '../../src/ingest/analysis/dates.js';

// Monday, 8 May 2023, 13:56 UTC.
const eventTime = new Date('2023-05-08T13:56:00Z');

describe('dates: relative and absolute time expressions', () => {
  const table: Array<[string, string | null, DatePrecision | null, ('past' | 'future')?]> = [
    ['I went there today', '2023-05-08', 'day'],
    ['we ate out tonight', '2023-05-08', 'day'],
    ['this morning I ran', '2023-05-08', 'day'],
    ['yesterday was rough', '2023-05-07', 'day'],
    ['last night we argued', '2023-05-07', 'day'],
    ['the day before yesterday I moved', '2023-05-06', 'day'],
    ['tomorrow I fly out', '2023-05-09', 'day'],
    ['the day after tomorrow we leave', '2023-05-10', 'day'],
    ['3 days ago I got sick', '2023-05-05', 'day'],
    ['two weeks ago I quit', '2023-04-24', 'week'],
    ['a couple of weeks ago', '2023-04-24', 'week'],
    ['a few days ago', '2023-05-05', 'day'],
    ['six months ago we met', '2022-11-01', 'month'],
    // That many days or weeks before today, to the day; ahead when the sentence is.
    ['I finally quit smoking, six weeks today!', '2023-03-27', 'day'],
    ['Three weeks today I fly to Rome.', '2023-05-29', 'day'],
    // What is rented for a month is to come.
    ["We've rented a villa in Crete for August.", '2023-08-01', 'month'],
    ['We rented a cottage in Wales last August.', '2022-08-01', 'month'],
    // A pregnancy's weeks say how far along it is: the date is when the baby is due, or none.
    ['12 weeks today, due in November.', '2023-11-01', 'month'],
    ["I'm pregnant, 12 weeks today.", null, null],
    ['twelve years ago', '2011-01-01', 'year'],
    ['last Monday I started', '2023-05-01', 'day'],
    ['last Friday was great', '2023-05-05', 'day'],
    ['Last Fri I took the kids to a workshop', '2023-05-05', 'day'],
    ['I joined a choir last Tues.', '2023-05-02', 'day'],
    ['on Thurs we went bowling', '2023-05-04', 'day'],
    ['I will call her on Fri', '2023-05-12', 'day'],
    ['this sun is brutal', null, null],
    ['I sat on the wall', null, null],
    ['dinner on wed', null, null],
    ['next Monday I start', '2023-05-15', 'day'],
    ['this Friday we celebrate', '2023-05-12', 'day'],
    ['on Friday I went out', '2023-05-05', 'day'],
    ['on Friday I will go out', '2023-05-12', 'day'],
    ['Sunday was fun', '2023-05-07', 'day'],
    ['last week I was ill', '2023-05-01', 'week'],
    ['next week is busy', '2023-05-15', 'week'],
    ['last weekend we hiked', '2023-05-01', 'week'],
    ['this weekend we will hike', '2023-05-08', 'week'],
    // Told in the past, "this weekend" is the one just gone.
    ['this weekend we hiked', '2023-05-01', 'week'],
    // Where one is "this weekend", said in the present, is the weekend to come.
    ["the kids are at their dad's this weekend", '2023-05-08', 'week'],
    ["I'm at my mum's this weekend", '2023-05-08', 'week'],
    // "Over the weekend" told in the past is the one just gone; "at the weekend" is the one ahead, or a habit.
    ['we went camping over the weekend', '2023-05-01', 'week'],
    ["we're going camping at the weekend", '2023-05-08', 'week'],
    ['I surf at the weekend', null, null],
    ['last month I moved', '2023-04-01', 'month'],
    ['next month I will move', '2023-06-01', 'month'],
    ['last year I graduated', '2022-01-01', 'year'],
    ['next year we retire', '2024-01-01', 'year'],
    ['in May I was in Rome', '2023-05-01', 'month'],
    ['in December I was in Rome', '2022-12-01', 'month'],
    ['in December I will be in Rome', '2023-12-01', 'month'],
    ['in May 2022 we married', '2022-05-01', 'month'],
    ['on May 5th I fell', '2023-05-05', 'day'],
    ['May 5, 2023 was the day', '2023-05-05', 'day'],
    ['5 May 2023 was the day', '2023-05-05', 'day'],
    ['the 3rd of June I will fly', '2023-06-03', 'day'],
    ['on 2023-05-07 I did it', '2023-05-07', 'day'],
    ['we met in 2019', '2019-01-01', 'year'],
    ['vegetarian since 2015', '2015-01-01', 'year'],
    ['in two weeks we will leave', '2023-05-22', 'week'],
    // Seasons (the northern hemisphere's; winter named by its December): the last one over, this year's, the next to begin.
    ['last summer we went to Italy', '2022-06-01', 'season'],
    ['last winter I learned to ski', '2022-12-01', 'season'],
    ['this spring I moved', '2023-03-01', 'season'],
    ['this past autumn was rainy', '2022-09-01', 'season'],
    ['next fall she starts college', '2023-09-01', 'season'],
    ['we want to go to Greece next summer', '2024-06-01', 'season'],
    ['we spent the summer of 2019 in Spain', '2019-06-01', 'season'],
    ['in the summer I will visit them', '2023-06-01', 'season'],
    ['in the summer we went to Rome', '2022-06-01', 'season'],
    ["we're planning a trip to Japan in the spring", '2024-03-01', 'season'],
    // What something is for is the season to come, unless a word says it is past.
    ['she wants twenty cases for the autumn', '2023-09-01', 'season'],
    ['we rented a cottage for the winter', '2022-12-01', 'season'],
    ['I fall asleep easily', null, null],
    // A day of the month alone: this month's, or the next or the last one's by tense.
    ['we fly out on the 14th', '2023-05-14', 'day'],
    ['I moved out on the 28th', '2023-04-28', 'day'],
    ['the rent is due by the 3rd', '2023-06-03', 'day'],
    ['we live on the 3rd floor', null, null],
    // A month, then its day.
    ["I've signed up for a 10k in September, the 21st", '2023-09-21', 'day'],
    ['the wedding is in June, on the 14th', '2023-06-14', 'day'],
    // Booked for a day; a school that breaks up on one is ahead too.
    ['I have a smear test booked for the 14th', '2023-05-14', 'day'],
    ['school breaks up on the 18th', '2023-05-18', 'day'],
    ["Mum's got her hip op on Thursday", '2023-05-11', 'day'],
    ['for the 3rd time', null, null],
    ['spring cleaning is done', null, null],
    ['I finished it in two days', null, null],
    ['I may go', null, null],
    ['I run on Mondays', null, null],
    ['he plays golf every Sunday', null, null],
    ['yoga on Sunday evenings keeps me calm', null, null],
    ['I meet my mentor on the first Monday of each month', null, null],
    ['my book club is the last Friday of every month', null, null],
    ["she's exhausted by Friday every week", null, null],
    ['payday is the last Friday of the month', '2023-05-26', 'day'],
    // A birth's day or month without its year is no recent one.
    ['I was born on the 3rd of March', null, null],
    ['she was born in June', null, null],
    ['I was born on the 14th', null, null],
    ['I was born in June 1990', '1990-06-01', 'month'],
    ['my niece was born last week', '2023-05-01', 'week'],
    // So is a birthday's or an anniversary's: it holds every year.
    ['my birthday is July 14th', null, null],
    ['our anniversary is on June 3rd', null, null],
    ['my birthday was last week', '2023-05-01', 'week'],
    // The end or start of a month or year is that month or year.
    ['we move at the end of the month', '2023-05-01', 'month'],
    ['it wraps up at the end of next month', '2023-06-01', 'month'],
    ['I started at the beginning of last year', '2022-01-01', 'year'],
    // Holidays after a word that makes them a time, the nearest one the tense allows.
    ["we're going home for Thanksgiving", '2023-11-23', 'day'],
    ['I went home for Thanksgiving', '2022-11-24', 'day'],
    ['last Christmas we were in Rome', '2022-12-25', 'day'],
    ["I'm hosting a party on New Year's Eve", '2023-12-31', 'day'],
    ["we got engaged on Valentine's Day 2021", '2021-02-14', 'day'],
    ['we watched Christmas movies', null, null],
    // The tense of the clause the date is in, when it has one of its own.
    ["my landlord told me he's selling, which means I have to move out by August", '2023-08-01', 'month'],
    ['I was nervous, but the interview is on Friday', '2023-05-12', 'day'],
    // A week beyond the next, or before the last; British "Saturday week", "a week on Saturday".
    ['our first market stall is the Saturday after next', '2023-05-20', 'day'],
    ['the first class was the Wednesday before last', '2023-04-26', 'day'],
    ['the concert is Saturday week', '2023-05-20', 'day'],
    ['they fly home a week on Saturday', '2023-05-20', 'day'],
    ['I sowed the onions on Boxing Day', '2022-12-26', 'day'],
    ['my operation is booked for the 2nd of June', '2023-06-02', 'day'],
    ['my exam is the week after next', '2023-05-22', 'week'],
    // A deadline by a month is ahead.
    ['the physio says gentle jogging by September', '2023-09-01', 'month'],
    // A span of weekdays is a routine.
    ['I work 9 to 5 Monday through Friday', null, null],
    ['the shop opens Mon-Fri', null, null],
    ['every Christmas we go skiing', null, null],
    ['we have pizza on Friday nights', null, null],
    ['we meet every other Friday', null, null],
    ['nothing about time here', null, null],
    ['February 30, 2023', null, null],
  ];
  for (const [sentence, date, precision] of table) {
    it(`"${sentence}" → ${date ?? 'nothing'}${precision ? ` (${precision})` : ''}`, () => {
      const r = resolveDate(sentence, eventTime);
      if (date === null) expect(r).to.equal(null);
      else expect({ date: r?.date, precision: r?.precision }).to.deep.equal({ date, precision });
    });
  }

  it('marks an expression that names its year, which a summary need not repeat', () => {
    expect(resolveDate('we met in 2019', eventTime)?.stated).to.equal(true);
    expect(resolveDate('the summer of 2019', eventTime)?.stated).to.equal(true);
    expect(resolveDate('yesterday I sold the car I bought in 2019', eventTime)).to.deep.equal({ date: '2023-05-07', precision: 'day' });
  });

  it('takes this winter, in January, as the one that began in December', () => {
    expect(resolveDate('this winter is so cold', new Date('2024-01-15T09:00:00Z'))).to.deep.equal({ date: '2023-12-01', precision: 'season' });
    // Told in the past before this year's begins, it is the one just over; told otherwise, the one to come.
    const may = new Date('2025-05-14T09:00:00Z');
    expect(resolveDate('Our boiler broke down again, third time this winter.', may)).to.deep.equal({ date: '2024-12-01', precision: 'season' });
    expect(resolveDate('Skiing in Austria this winter!', may)).to.deep.equal({ date: '2025-12-01', precision: 'season' });
  });

  it('returns the earliest stated date of the sentence', () => {
    expect(resolveDate('yesterday I booked a flight for next Friday', eventTime)).to.deep.equal({ date: '2023-05-07', precision: 'day' });
    expect(resolveDate('next Friday I fly, I booked it yesterday', eventTime)).to.deep.equal({ date: '2023-05-12', precision: 'day' });
  });

  it('dates a text of several sentences in the tense of the sentence that names the date', () => {
    // "It's on the 6th of June" is coming, whatever "invited" says of the sentence before it.
    expect(resolveFirstDate("They've invited me to interview. It's on the 6th of June.", eventTime)?.date).to.equal('2023-06-06');
    expect(resolveFirstDate('I went to the fair. It was on the 6th of April.', eventTime)?.date).to.equal('2023-04-06');
    // A sentence that says no tense of its own takes that of what came before it.
    expect(resolveFirstDate("I'll be there. Saturday.", eventTime)?.date).to.equal('2023-05-13');
    expect(resolveFirstDate('When is your surgery? Friday.', eventTime)?.date).to.equal('2023-05-12');
    // A progressive after it says nothing of it.
    expect(resolveFirstDate("Gnocchi cut his paw on Wednesday. He's walking into every doorframe.", eventTime)?.date).to.equal('2023-05-03');
  });

  it('starts a span "since" a day in the past, whatever the sentence says of what is coming', () => {
    // Said on Monday the 8th: "won't" and "I've got" read ahead, but the boiler broke on the 3rd of this month.
    expect(resolveFirstDate("My landlord won't fix the boiler. It's been broken since the 3rd and I've got a toddler", eventTime)?.date).to.equal(
      '2023-05-03',
    );
    expect(resolveDate("I've got a cold since Friday, and I'll rest tomorrow", eventTime)?.date).to.equal('2023-05-05');
    expect(resolveDate("I'll be off ever since the 20th", eventTime)?.date).to.equal('2023-04-20');
  });

  it('reads the nth weekday of a month as that day', () => {
    expect(resolveDate('I start the new pattern from the first Friday in June.', eventTime)?.date).to.equal('2023-06-02');
    expect(resolveDate('The fair is on the last Saturday of the month.', eventTime)?.date).to.equal('2023-05-27');
    expect(resolveDate('We launch on the second Tuesday of next month.', eventTime)?.date).to.equal('2023-06-13');
  });

  it('dates what was booked or signed up for ahead, though the booking is past', () => {
    expect(resolveDate("I've signed up for a 10k in September.", eventTime)?.date).to.equal('2023-09-01');
    expect(resolveDate("We've booked Porto for our anniversary in April.", eventTime)?.date).to.equal('2024-04-01');
    expect(resolveDate('I booked a table for Friday.', eventTime)?.date).to.equal('2023-05-12');
    // A weekday further on is the day of the booking itself.
    expect(resolveDate('I signed up for the triathlon on Thursday.', eventTime)?.date).to.equal('2023-05-04');
    // "for" opens the date's own words ("for February", "for the 3rd"), and a clause going on from the booking.
    expect(resolveDate("We've booked a cottage in Wales for February.", eventTime)?.date).to.equal('2024-02-01');
    expect(resolveDate("I've booked the dentist for the 3rd.", eventTime)?.date).to.equal('2023-06-03');
    expect(resolveDate("We've booked Lisbon for half term, flying out of Gatwick on the 2nd.", eventTime)?.date).to.equal('2023-06-02');
    expect(resolveDate('I booked the flights on Monday.', eventTime)?.date).to.equal('2023-05-01');
    // A booking just made dates what was booked, wherever its date stands.
    expect(resolveDate('We finally booked the honeymoon - two weeks in Sri Lanka in March.', eventTime)?.date).to.equal('2024-03-01');
    expect(resolveDate('Just booked tickets to see the band in April!', eventTime)?.date).to.equal('2024-04-01');
    expect(resolveDate('I booked our holiday in March.', eventTime)?.date).to.equal('2023-03-01');
    // The day set off by a comma after what was booked is its day.
    expect(resolveDate('finally booked my driving test, 19th june at 8:40am!!', eventTime)?.date).to.equal('2023-06-19');
    expect(resolveDate('Booked our flights, the 3rd of July.', eventTime)?.date).to.equal('2023-07-03');
  });

  it('reads a clause that opens with doing again or starting as ahead, after a past one', () => {
    expect(resolveDate('I failed my first driving test, retaking in February.', eventTime)?.date).to.equal('2024-02-01');
    expect(resolveDate('Got the job, starting in February.', eventTime)?.date).to.equal('2024-02-01');
    // A clause of its own subject and a present verb of a start or an end ("I start in January"), after a past one.
    expect(resolveDate('I got the job at Arup, I start in February.', eventTime)?.date).to.equal('2024-02-01');
    expect(resolveDate('I passed my exams and I graduate in February.', eventTime)?.date).to.equal('2024-02-01');
    expect(resolveDate("I didn't graduate in February.", eventTime)?.date).to.equal('2023-02-01');
    // A clause in the present progressive, with its subject, before a past one.
    expect(resolveDate("My boss is retiring in March and I've applied for her job.", eventTime)?.date).to.equal('2024-03-01');
    expect(resolveDate('Some of the club are doing the half in February, tempted.', eventTime)?.date).to.equal('2024-02-01');
    // What was decided starts then.
    expect(resolveDate("We've decided to homeschool our youngest from September.", eventTime)?.date).to.equal('2023-09-01');
    expect(resolveDate('We decided to go vegan from January.', eventTime)?.date).to.equal('2024-01-01');
    // Not any clause of an -ing word after a past one.
    expect(resolveDate('We had a great weekend, walking in the Peaks on Saturday.', eventTime)?.date).to.equal('2023-05-06');
    expect(resolveDate('We had a great holiday, relaxing on the beach on Saturday.', eventTime)?.date).to.equal('2023-05-06');
  });

  it('reads a "Sunday roast" as a kind of meal, not a day', () => {
    expect(resolveDate('We do a big Sunday roast every week, usually chicken.', eventTime)).to.equal(null);
    expect(resolveDate('We had Sunday lunch at the pub.', eventTime)?.date).to.equal('2023-05-07');
  });

  it('dates a day put off or brought forward ahead', () => {
    expect(resolveDate('My knee surgery got moved to the 12th of February.', eventTime)?.date).to.equal('2024-02-12');
    expect(resolveDate('My appointment got pushed back to the 3rd.', eventTime)?.date).to.equal('2023-06-03');
    expect(resolveDate("They've postponed it until March.", eventTime)?.date).to.equal('2024-03-01');
    expect(resolveDate('We moved to Leeds in March.', eventTime)?.date).to.equal('2023-03-01');
    // A month moved to is read with no "in" before it, with "it" between the verb and its "back".
    expect(resolveDate("The wedding's been moved to October.", eventTime)?.date).to.equal('2023-10-01');
    expect(resolveDate('We pushed it back to June.', eventTime)?.date).to.equal('2023-06-01');
    expect(resolveDate('I went to March for a protest.', eventTime)).to.equal(null);
  });

  it('reads a past form after a number as an adjective: "4.2% fixed"', () => {
    expect(resolveDate('My mortgage renewal is due in February, currently on 4.2% fixed.', eventTime)?.date).to.equal('2024-02-01');
    expect(resolveDate('We took a 5 year fixed in February.', eventTime)?.date).to.equal('2023-02-01');
  });

  it('reads what someone said they would do as coming, and what they said they had done as past', () => {
    expect(resolveDate("Gareth said he'd have Mum up to Leeds for a week in the summer.", eventTime)?.date).to.equal('2023-06-01');
    expect(resolveDate("They said they'd decide by early October.", eventTime)?.date).to.equal('2023-10-01');
    expect(resolveDate("He told me he'd moved in March.", eventTime)?.date).to.equal('2023-03-01');
  });

  it('reads a clause under way after one told in the past in its own tense, and "for October" as a month', () => {
    expect(resolveDate("Our flight to Bali got cancelled so we're rebooking for October.", eventTime)?.date).to.equal('2023-10-01');
    expect(resolveDate("I've ordered him a calming vest and we're dreading Tuesday.", eventTime)?.date).to.equal('2023-05-09');
    expect(resolveDate('The wedding is booked for May next year.', eventTime)?.date).to.equal('2024-05-01');
  });

  it('reads a span of days as its first day, in the month named at its end', () => {
    expect(resolveDate("I'm off work from the 2nd to the 9th of June.", eventTime)?.date).to.equal('2023-06-02');
    expect(resolveDate('We were in Crete from 2 to 9 April.', eventTime)?.date).to.equal('2023-04-02');
    expect(resolveDate('Kwame booked flights for 15 to 17 August.', eventTime)?.date).to.equal('2023-08-15');
  });

  it('reads a fortnight as two weeks, and a month told as set "mid-July" as coming', () => {
    expect(resolveDate('We move in a fortnight.', eventTime)).to.deep.equal({ date: '2023-05-22', precision: 'week' });
    expect(resolveDate('I saw her a fortnight ago.', eventTime)).to.deep.equal({ date: '2023-04-24', precision: 'week' });
    expect(resolveDate('The festival is mid-July.', eventTime)?.date).to.equal('2023-07-01');
  });

  it('dates what a sentence after a booking names as booked, ahead', () => {
    expect(resolveFirstDate('Booked! A campsite near Kielder from the 11th to the 14th of August.', eventTime)?.date).to.equal('2023-08-11');
  });

  it('dates Easter and the days counted from it, and what was promised or lasts until a day as coming', () => {
    // Said on Monday 8 May 2023; Easter Sunday 2023 was the 9th of April, 2024's the 31st of March.
    expect(resolveDate('We went away over Easter.', eventTime)?.date).to.equal('2023-04-09');
    expect(resolveDate('We are flying out on Good Friday next year.', eventTime)?.date).to.equal('2024-03-29');
    expect(resolveDate('for Easter 2026', eventTime)?.date).to.equal('2026-04-05');
    expect(resolveDate('Colin promised a video call on Easter Sunday.', eventTime)?.date).to.equal('2024-03-31');
    expect(resolveDate('Signed off until the end of June.', eventTime)?.date).to.equal('2023-06-01');
    expect(resolveDate('I was off until Friday.', eventTime)?.date).to.equal('2023-05-05');
  });

  it('reads what the speaker wants as coming', () => {
    expect(resolveDate('We want a week away in April.', eventTime)?.date).to.equal('2024-04-01');
    expect(resolveDate('We wanted a week away in April.', eventTime)?.date).to.equal('2023-04-01');
  });

  it('reads a start and a move told in the present as coming, whatever the sentence before says', () => {
    expect(resolveFirstDate('I got the job!!! Junior analyst at Beacon, starting 8 September.', eventTime)?.date).to.equal('2023-09-08');
    expect(resolveFirstDate("We've found a flat. We move in on 23 April.", eventTime)?.date).to.equal('2024-04-23');
  });

  it('reads an irregular simple past as past, whatever a later sentence says of the future', () => {
    expect(resolveFirstDate('Ingrid rang on Wednesday. She wants a hedge next month.', eventTime)?.date).to.equal('2023-05-03');
    expect(resolveFirstDate('We drove up on Friday. We will stay all week.', eventTime)?.date).to.equal('2023-05-05');
    // Nor does a name that spells a past form.
    expect(resolveFirstDate('Rose is coming on Friday.', eventTime)?.date).to.equal('2023-05-12');
  });

  it('takes the year said in words after a month: "12 September next year", "in May last year"', () => {
    expect(resolveFirstDate("We've booked the venue for 12 September next year.", eventTime)?.date).to.equal('2024-09-12');
    expect(resolveFirstDate('The wedding is in September next year.', eventTime)?.date).to.equal('2024-09-01');
    expect(resolveFirstDate('We went to Rome in May last year.', eventTime)?.date).to.equal('2022-05-01');
    expect(resolveFirstDate('Her birthday was on March 3rd this year.', eventTime)?.date).to.equal('2023-03-03');
  });

  it('reads what was said in the tense of its own words, and the telling in its own', () => {
    expect(resolveFirstDate("My boss told me I'm getting a raise in April.", eventTime)?.date).to.equal('2024-04-01');
    expect(resolveFirstDate("On Tuesday my boss told me I'm getting a raise in April.", eventTime)?.date).to.equal('2023-05-02');
    expect(resolveFirstDate('She told me she went to Rome in April.', eventTime)?.date).to.equal('2023-04-01');
    // An event told in the present and set for a month is coming, words between.
    expect(resolveFirstDate("Can you help me pack? It's a week of hiking in the Dolomites in July.", eventTime)?.date).to.equal('2023-07-01');
    // What one needs is ahead, as what one wants is.
    expect(resolveFirstDate('My doctor says I need a scan in June.', eventTime)?.date).to.equal('2023-06-01');
    expect(withDatesResolved("Tom told me I'm getting the spare room on Friday.", eventTime)).to.equal(
      "Tom told me I'm getting the spare room on Friday [2023-05-12].",
    );
  });

  it('reads a past form that is a participle too as past, after a subject but not after a copula', () => {
    expect(resolveFirstDate("I lost my job in the layoffs in March and I'm still looking.", eventTime)?.date).to.equal('2023-03-01');
    expect(resolveFirstDate("The Mavericks lost the final on Tuesday and we're gutted.", eventTime)?.date).to.equal('2023-05-02');
    // "I'm stuck", "two weeks left": no past.
    expect(resolveFirstDate("I'm stuck at home until Friday.", eventTime)?.date).to.equal('2023-05-12');
    expect(resolveFirstDate('I have two weeks left before the exam on Friday.', eventTime)?.date).to.equal('2023-05-12');
    // After a determiner a past form is an adjective: "a skilled worker", "the broken one".
    expect(resolveFirstDate("My visa expires in June, I'm on a Skilled Worker visa.", eventTime)?.date).to.equal('2023-06-01');
    expect(resolveFirstDate("My passport expires in June and it's the damaged one.", eventTime)?.date).to.equal('2023-06-01');
    expect(resolveFirstDate('The lease ends in August, we have a broken boiler.', eventTime)?.date).to.equal('2023-08-01');
  });

  it('writes beside each sentence of a quote the date it names, as meant the day it was said', () => {
    expect(withDatesResolved('Ingrid rang on Wednesday about the fence. She wants a hedge next month.', eventTime)).to.equal(
      'Ingrid rang on Wednesday [2023-05-03] about the fence. She wants a hedge next month [June 2023].',
    );
    expect(withDatesResolved('Booked last week! We fly out in two weeks.', eventTime)).to.equal(
      'Booked last week [week of 2023-05-01]! We fly out in two weeks [week of 2023-05-22].',
    );
    // A date that names its year, and a sentence with none, are left as they are.
    expect(withDatesResolved('We married in June 2019. It rained.', eventTime)).to.equal('We married in June 2019. It rained.');
  });

  it('lets the caller force the tense of a bare weekday', () => {
    expect(resolveDate('on Wednesday', eventTime, 'past')!.date).to.equal('2023-05-03');
    expect(resolveDate('on Wednesday', eventTime, 'future')!.date).to.equal('2023-05-10');
  });

  it('reads days set in the present as coming, and "will" the document, "died" and "since the 2nd" as past', () => {
    const may14 = new Date('2025-05-14T10:00:00Z');
    expect(detectTense("We fell out over Dad's will")).to.equal('past');
    // A day set by "is the 28th" is coming, "was the 3rd" gone; "last day" is no past; "the 3rd time" no date.
    expect(resolveFirstDate("I've decided to quit my job and go freelance. Scary but exciting. Last day is the 28th.", may14)?.date).to.equal(
      '2025-05-28',
    );
    expect(resolveDate('The deadline is the 3rd.', may14)?.date).to.equal('2025-06-03');
    expect(resolveDate('It was the 3rd.', may14)?.date).to.equal('2025-05-03');
    expect(resolveDate("It's the 3rd time I've asked.", may14)).to.equal(null);
    // Set for a day or a span of a month, told in the present, is coming; a span since a day is past.
    expect(resolveDate("My exams finish on the 20th, then I'm free!", may14)?.date).to.equal('2025-05-20');
    expect(resolveDate("I'm off from the 22nd to the 29th.", may14)?.date).to.equal('2025-05-22');
    expect(resolveDate('The kids break up for half term on Friday.', may14)?.date).to.equal('2025-05-16');
    expect(resolveDate('The conference is 12-14 June in Berlin.', may14)?.date).to.equal('2025-06-12');
    expect(resolveDate('The closing date is the 10th of June.', may14)?.date).to.equal('2025-06-10');
    expect(resolveDate("I've been off work since the 2nd of May with my back.", may14)?.date).to.equal('2025-05-02');
    // A weekday with its day and month is in the year it falls on that weekday; a deadline of what one wants is ahead.
    const sep20 = new Date('2025-09-20T10:00:00Z');
    expect(resolveDate('I booked a stall at the Christmas market, Saturday 6th December.', sep20)?.date).to.equal('2025-12-06');
    expect(resolveDate('It was on Friday 6th December.', sep20)?.date).to.equal('2024-12-06');
    const feb1 = new Date('2025-02-01T10:00:00Z');
    expect(resolveFirstDate("I'm on module 4 now and I want the certificate finished by the end of April.", feb1)?.date).to.equal('2025-04-01');
    expect(resolveFirstDate('I finished the certificate by the end of April.', feb1)?.date).to.equal('2024-04-01');
    // What one has been asked to do is ahead.
    expect(resolveDate("I've been asked to present to the board in March, first time ever.", may14)?.date).to.equal('2026-03-01');
    // Someone coming is a clause of its own, ahead, whatever the clause after says.
    expect(resolveDate("My son's girlfriend is coming for Christmas, haven't met her yet.", may14)?.date).to.equal('2025-12-25');
    // "died" is too short for the rule of regular past forms.
    expect(resolveDate("We don't have a dog anymore, Rex died in the summer.", may14)?.date).to.equal('2024-06-01');
    expect(detectTense('She read the will to us')).to.equal('past');
    expect(resolveFirstDate("My sister and I haven't spoken in 3 years after a falling out about Dad's will", eventTime)).to.equal(null);
  });

  it('detects the tense: past by default, future with future words or schedules', () => {
    expect(detectTense('I went home')).to.equal('past');
    expect(detectTense('I will go home')).to.equal('future');
    expect(detectTense("I'm gonna quit")).to.equal('future');
    expect(detectTense('I start my new job on Monday')).to.equal('future');
    expect(detectTense("I'm studying for my exam and I'm so stressed")).to.equal('future');
    // "fingers crossed" wishes for what is coming: no past.
    expect(detectTense('My son has his A-level results on Thursday, fingers crossed for Bristol.')).to.equal('future');
    expect(detectTense('I love pizza')).to.equal('past');
    // What is needed or wanted, and a deadline, lie ahead; the same said in the past does not.
    expect(detectTense('I need to finish my thesis by Friday')).to.equal('future');
    expect(detectTense('I have to see the dentist on Monday')).to.equal('future');
    expect(detectTense('I wanted to finish it by Friday')).to.equal('past');
    expect(detectTense('I had to see the dentist on Monday')).to.equal('past');
    expect(detectTense('Come join us at the studio on Friday!')).to.equal('future');
    expect(detectTense("Yeah, let's meet on Sunday")).to.equal('future');
    expect(detectTense('Come see what we did last week')).to.equal('past');
    expect(detectTense("My sister's wedding is in June and I'm the maid of honor")).to.equal('future');
    expect(detectTense("Our party's on Friday")).to.equal('future');
    // A place between the event and its date.
    expect(detectTense('Our wedding is in Tuscany in September')).to.equal('future');
    expect(detectTense("The party is at my parents' house on Friday")).to.equal('future');
    expect(detectTense('The party was on Friday')).to.equal('past');
    // What happens on its day, told in the present: turning an age, opening, landing.
    expect(detectTense('My mom turns 70 on June 3rd')).to.equal('future');
    expect(detectTense('My flight lands on Friday')).to.equal('future');
    expect(detectTense('My mom turned 70 on June 3rd')).to.equal('past');
    // What one has on a day is coming.
    expect(detectTense('I have a performance review with my boss on Friday')).to.equal('future');
    expect(detectTense('I had a performance review on Friday')).to.equal('past');
    expect(detectTense('My son Leo has his first piano recital on Friday')).to.equal('future');
    expect(detectTense("I'm off work until Monday")).to.equal('future');
    expect(detectTense('I was off work until Monday')).to.equal('past');
    // "have got" is having: what one has on a day is coming; "got" alone is getting, in the past.
    expect(detectTense("I've got a wedding to go to on Saturday")).to.equal('future');
    expect(detectTense('I’ve got practice on Tuesday')).to.equal('future');
    expect(detectTense('I got a new bike on Saturday')).to.equal('past');
    expect(detectTense('I’ll call her on Friday')).to.equal('future');
    // An event set for a bare weekday or the end of a month, a test, leaving for somewhere, looking forward to a day.
    expect(detectTense('Our housewarming party is Saturday')).to.equal('future');
    expect(detectTense('The move is at the end of January')).to.equal('future');
    expect(detectTense('Really nervous about my driving test on Thursday')).to.equal('future');
    expect(detectTense("I'm off to Rome on Saturday")).to.equal('future');
    expect(detectTense('My driving test was on Thursday')).to.equal('past');
  });

  it('reads "so" before an adjective as an intensifier, not as the start of a clause of its own', () => {
    // Monday 8 May 2023: "excited for Friday" is the coming Friday, as "excited for Saturday" without "I'm so" was.
    expect(resolveDate("I'm so excited for Friday.", eventTime)!.date).to.equal('2023-05-12');
    expect(resolveDate('I missed the bus so I walked on Friday.', eventTime)!.date).to.equal('2023-05-05');
  });

  it('reads a thing had done to one ("having his hip replaced") as no past, and "the plan is" and a sentence opening "Got my race" as ahead', () => {
    // Monday 8 May 2023.
    expect(resolveFirstDate("Dad's having his hip replaced on the 20th, I'll be taking a week off to help", eventTime)!.date).to.equal('2023-05-20');
    expect(detectTense("I'm getting my hair cut on Friday")).to.equal('future');
    expect(detectTense('We have the boiler serviced every October')).to.not.equal('past');
    expect(detectTense('I had my hair cut on Friday')).to.equal('past');
    expect(detectTense('He replaced the boiler on Friday')).to.equal('past');
    expect(resolveFirstDate('the plan is: train to Paris friday, then Lyon on sunday', eventTime)!.date).to.equal('2023-05-12');
    expect(detectTense('The plan was to leave on Friday')).to.equal('past');
    expect(resolveFirstDate('Got my first half marathon on 12 october in Cardiff, aiming for under 2 hours', eventTime)!.date).to.equal('2023-10-12');
    expect(detectTense('Got a new bike on Saturday')).to.equal('past');
  });

  it('dates a renewal ahead, a numbered birthday as one day, and a birthday on a day of the month as the next', () => {
    // Monday 8 May 2023.
    expect(resolveFirstDate('my car insurance renews on the 14th of July', eventTime)!.date).to.equal('2023-07-14');
    expect(resolveFirstDate("My grandma's 100th birthday is in October, the whole family is flying to Dublin", eventTime)).to.deep.include({
      date: '2023-10-01',
      precision: 'month',
    });
    expect(resolveFirstDate('My birthday is in October', eventTime)).to.equal(null);
    // A day of the month named alone is the next one.
    expect(resolveFirstDate('Our wedding anniversary is on the 9th, 10 years!', eventTime)!.date).to.equal('2023-05-09');
    expect(resolveFirstDate('My birthday is on the 3rd', eventTime)!.date).to.equal('2023-06-03');
    expect(resolveFirstDate('I was born on the 3rd', eventTime)).to.equal(null);
    // A weekday in a title is no day.
    expect(resolveFirstDate("I'm reading The Thursday Murder Club, my mum lent it to me", eventTime)).to.equal(null);
    expect(resolveFirstDate('The Thursday meeting moved', eventTime)!.date).to.equal('2023-05-04');
  });

  it('reads whether one can make a day, and a visit not coming, as about a day to come', () => {
    // Monday 8 May 2023.
    expect(resolveFirstDate('I can do Friday.', eventTime)!.date).to.equal('2023-05-12');
    expect(resolveFirstDate('I cannot make Saturday.', eventTime)!.date).to.equal('2023-05-13');
    expect(resolveFirstDate("Mum isn't coming on Saturday after all.", eventTime)!.date).to.equal('2023-05-13');
    expect(resolveFirstDate("Mum can't come up on Sunday.", eventTime)!.date).to.equal('2023-05-14');
    // What one could not do is past.
    expect(resolveFirstDate("I couldn't make it on Saturday.", eventTime)!.date).to.equal('2023-05-06');
  });

  it('describes each precision the way summaries state it', () => {
    expect(describeDate({ date: '2023-05-07', precision: 'day' })).to.equal('on 2023-05-07');
    expect(describeDate({ date: '2023-05-01', precision: 'week' })).to.equal('week of 2023-05-01');
    expect(describeDate({ date: '2023-05-01', precision: 'month' })).to.equal('in May 2023');
    expect(describeDate({ date: '2023-01-01', precision: 'year' })).to.equal('in 2023');
    expect(describeDate({ date: '2022-06-01', precision: 'season' })).to.equal('in summer 2022');
    expect(describeDate({ date: '2022-12-01', precision: 'season' })).to.equal('in winter 2022–23');
  });

  it('reads a weekday with its day of the month as the nearest such day, either way, and with a month as that day', () => {
    // Sunday 14 June 2026: the next 26th on a Sunday is in July, whatever the tense of the clause before.
    const at = new Date('2026-06-14T18:00:00Z');
    expect(resolveDate('The airline moved our flight, we now fly out Sunday 26th instead.', at)?.date).to.equal('2026-07-26');
    expect(resolveDate('The party is on Saturday the 8th now.', at)?.date).to.equal('2026-08-08');
    expect(resolveDate('We met on Tuesday 2nd.', at)?.date).to.equal('2026-06-02');
    expect(resolveDate('It was on Friday 5 June.', at)?.date).to.equal('2026-06-05');
    // An event set for a day and month, told in the present, is coming.
    expect(resolveDate("Lena's 40th is on 2 March (a Monday!)", new Date('2026-01-20T10:00:00Z'))?.date).to.equal('2026-03-02');
    // A count after a weekday is no day of the month.
    expect(resolveDate('On Monday 3 people came.', at)?.date).to.equal('2026-06-08');
  });

  it('works across year boundaries and ignores an invalid event time', () => {
    const newYear = new Date('2024-01-02T08:00:00Z');
    expect(resolveDate('last month', newYear)).to.deep.equal({ date: '2023-12-01', precision: 'month' });
    expect(resolveDate('three days ago', newYear)).to.deep.equal({ date: '2023-12-30', precision: 'day' });
    expect(resolveDate('yesterday', new Date('invalid'))).to.equal(null);
  });
});

describe('dates: the tense a question asks in', () => {
  it('is what an explicit word or a question for when something is to happen says, else none', () => {
    expect(tenseAsked("Congrats! When's the move?")).to.equal('future');
    expect(tenseAsked('That sounds exciting! When is it?')).to.equal('future');
    expect(tenseAsked('Will he be okay by the time you come over?')).to.equal('future');
    expect(tenseAsked('When did you get back?')).to.equal('past');
    // A progressive says nothing of when; the last question is the one answered.
    expect(tenseAsked('Are you managing to switch off at all?')).to.equal(null);
    expect(tenseAsked('When is it? Are you managing to switch off at all?')).to.equal(null);
    expect(tenseAsked('The move is next week.')).to.equal(null);
  });
});
