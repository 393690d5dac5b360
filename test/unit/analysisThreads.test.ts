import { expect } from 'chai';
import { analyseMessage } from '../../src/ingest/analysis/analyse.js';
import type { AnalysisContext, KnownEntity } from '../../src/ingest/analysis/types.js';
import { AnalysisFailedError, AnalysisThreads } from '../../src/ingest/analysisThreads.js';

const eventTime = new Date('2023-05-08T13:56:00Z');
const SARAH: KnownEntity = { id: 'k-sarah', name: 'Sarah', kind: 'person', relation: 'spouse', aliases: ['wife'], gravity: 0.95 };
const MESSAGES: Array<[string, AnalysisContext]> = [
  ['My wife Sarah and I are moving to Lisbon next Tuesday.', { speaker: 'user', eventTime, known: [] }],
  ['Sarah started a pottery class; she loves it.', { speaker: 'user', eventTime, known: [SARAH] }],
  ["I've been into hiking since last summer. I'm allergic to peanuts.", { speaker: 'user', eventTime, known: [] }],
  ['Thanks, Jon! I went to a support group yesterday.', { speaker: 'other', eventTime, known: [], speakerName: 'Caroline' }],
  ['What a day.', { speaker: 'assistant', eventTime, known: [] }],
];

const fixture = (name: string) => new URL(`./fixtures/${name}.js`, import.meta.url);

describe('analysis threads', function () {
  this.timeout(20_000);

  it('give the same analysis as the analysis on the event loop, for concurrent messages over two threads', async () => {
    const threads = new AnalysisThreads(2);
    try {
      const got = await Promise.all(MESSAGES.map(([text, ctx]) => threads.analyse(text, ctx)));
      expect(got).to.deep.equal(MESSAGES.map(([text, ctx]) => analyseMessage(text, ctx)));
    } finally {
      await threads.close();
    }
  });

  it('fail a message whose analysis throws with the error class only, and keep analysing the next ones', async () => {
    const threads = new AnalysisThreads(1);
    try {
      // No event time: resolving "next Tuesday" throws inside the analysis.
      const bad = { speaker: 'user', eventTime: null, known: [] } as unknown as AnalysisContext;
      const err = await threads.analyse('I am moving to Paris next Tuesday.', bad).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err).to.be.instanceOf(AnalysisFailedError);
      expect(err!.message).to.equal('message analysis failed in its thread: TypeError').and.not.include('Paris');
      const [text, ctx] = MESSAGES[0]!;
      expect(await threads.analyse(text, ctx)).to.deep.equal(analyseMessage(text, ctx));
    } finally {
      await threads.close();
    }
  });

  it('end a thread that gives no result in time: its tasks fail and the next task gets a new thread', async () => {
    const threads = new AnalysisThreads(1, 300, fixture('stuckThread'));
    try {
      const [text, ctx] = MESSAGES[0]!;
      const started = Date.now();
      const results = await Promise.allSettled([threads.analyse(text, ctx), threads.analyse(text, ctx)]);
      expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
      expect((results[0] as PromiseRejectedResult).reason).to.be.instanceOf(AnalysisFailedError);
      expect(Date.now() - started).to.be.below(5_000);
      const again = await threads.analyse(text, ctx).then(
        () => 'answered',
        (e: Error) => e.message,
      );
      expect(again).to.match(/no result within 300 ms/);
    } finally {
      await threads.close();
    }
  });

  it('fail the tasks of a thread that dies, without taking the process down', async () => {
    const threads = new AnalysisThreads(1, 10_000, fixture('crashingThread'));
    try {
      const [text, ctx] = MESSAGES[0]!;
      const err = await threads.analyse(text, ctx).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err).to.be.instanceOf(AnalysisFailedError);
      expect(err!.message).to.include('RangeError');
    } finally {
      await threads.close();
    }
  });

  it('analyse on the event loop with 0 threads', async () => {
    const threads = new AnalysisThreads(0);
    const [text, ctx] = MESSAGES[1]!;
    expect(await threads.analyse(text, ctx)).to.deep.equal(analyseMessage(text, ctx));
  });
});
