import { expect } from 'chai';
import path from 'node:path';
import { loadConversation } from '../../scripts/locomo/data.js';
import { projectRoot } from '../../src/version.js';

// The project's own long conversations (npm run eval:invented): the harness reads every turn and question of them.
describe('the invented conversations of bench/conversations', () => {
  for (const name of ['invented-harbour', 'invented-orchard', 'invented-allotment', 'invented-campus'])
    it(`${name} loads whole: 12 dated sessions, 60 questions, every evidence id a turn`, async () => {
      const c = await loadConversation(path.join(projectRoot, 'bench', 'conversations', `${name}.json`));
      expect(new Set(c.turns.map((t) => t.session)).size).to.equal(12);
      expect(c.questions).to.have.length(60);
      expect(c.skippedQuestions).to.equal(0);
      expect(c.droppedEvidence).to.deep.equal([]);
      const days = c.turns.map((t) => t.eventTime);
      expect(days).to.deep.equal([...days].sort());
      expect(new Set(c.questions.map((q) => q.category))).to.deep.equal(new Set([1, 2, 3, 4]));
    });

  // Someone talking with an app's assistant (npm run eval:assistant): the second speaker's turns go in as the assistant's.
  for (const name of ['invented-assistant-kitchen', 'invented-assistant-career', 'invented-assistant-trips', 'invented-assistant-household'])
    it(`${name} loads whole: 10 dated sessions, 32 questions, the assistant's turns sent as the assistant's`, async () => {
      const c = await loadConversation(path.join(projectRoot, 'bench', 'conversations', `${name}.json`));
      expect(new Set(c.turns.map((t) => t.session)).size).to.equal(10);
      expect(c.questions).to.have.length(32);
      expect(c.droppedEvidence).to.deep.equal([]);
      expect(new Set(c.turns.map((t) => t.speaker))).to.deep.equal(new Set(['user', 'assistant']));
      expect(c.turns.filter((t) => t.speaker === 'assistant').every((t) => t.speakerName === 'Assistant')).to.equal(true);
    });
});
