// Meaning first, on the real Neo4j with the local embedding model: 48 invented people, each with fifteen
// unrelated facts told as their own messages, and one question sharing no content word with the fact that answers
// it (scripts/paraphrase/cases.ts). The answer must be among the first three /context/items items for 90% of them.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { fingerprintWords as contentWords } from '../../src/text/words.js';
import { stem } from '../../src/text/stems.js';
import { ensureEmbeddingModel, ModelEmbedder } from '../../src/providers/localModel.js';
import { CASES, FACTS_PER_PERSON, paraphrasePeople } from '../../scripts/paraphrase/cases.js';
import { runParaphrase, summarise, TOP } from '../../scripts/paraphrase/run.js';
import { client } from '../../scripts/locomo/http.js';
import { ownService, testEnv } from '../helpers/env.js';
import { cleanupTenants, newTenant } from '../helpers/http.js';

const words = (text: string) => contentWords(text).map(stem);

describe('paraphrased questions find their answer (local model)', function () {
  this.timeout(600_000);

  it('the invented cases are what they claim: no content word shared, every person distinct', () => {
    expect(CASES.length).to.be.at.least(40);
    for (const c of CASES) {
      const fact = new Set(words(c.fact));
      expect(
        words(c.question).filter((w) => fact.has(w)),
        c.question,
      ).to.deep.equal([]);
      expect(
        c.answer.some((a) => c.fact.toLowerCase().includes(a)),
        c.fact,
      ).to.equal(true);
    }
    const people = paraphrasePeople();
    for (const p of people) {
      expect(new Set(p.facts).size).to.equal(FACTS_PER_PERSON);
      expect(p.facts).to.include(p.case.fact);
    }
  });

  it(`puts the answer among the first ${TOP} items for at least 90% of the people`, async () => {
    await ensureEmbeddingModel();
    const svc = await ownService({ EMBEDDINGS: 'local' });
    // The messages must be processed by this service's worker, on the model (the shared one embeds by hashing).
    const shared = (await testEnv()).services.worker;
    await shared.stop();
    svc.services.worker.start();
    try {
      const t = await newTenant('v1', 'enterprise');
      // 720 messages, their status reads and 48 questions within a minute or two: more than a tier's rate limit.
      await svc.services.tenants.save(t.tenantId, { rateLimitRpm: 1_000_000, rateLimitDaily: 100_000_000 });
      const results = await runParaphrase(client(svc.baseUrl, t.apiKey), `para-${randomUUID().slice(0, 8)}`);
      const summary = summarise(results);
      console.log(`      paraphrase: ${JSON.stringify(summary)}`);
      const misses = results.filter((r) => r.rank === null || r.rank > TOP).map((r) => `${r.question} (answer at ${r.rank ?? 'none'})`);
      expect(summary.top3, misses.join('; ')).to.be.at.least(0.9);
      // The whole memory fits the default budget: nothing that answers is left out.
      expect(summary.returned).to.equal(1);
    } finally {
      await svc.services.worker.stop();
      shared.start();
      await svc.close();
      const primary = svc.services.embeddings.primary;
      if (primary instanceof ModelEmbedder) await primary.close();
      await cleanupTenants();
    }
  });
});
