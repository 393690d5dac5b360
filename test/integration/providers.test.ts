// Model providers against a local stub speaking their HTTP APIs (no Neo4j, no network), and the local embedder.
import { expect } from 'chai';
import { ConfigError, loadConfig, type Config } from '../../src/config.js';
import { classifyEntities } from '../../src/providers/classify.js';
import { createEmbedder, embedSync, HashEmbedder, OpenAIEmbedder } from '../../src/providers/embeddings.js';
import { ModelEmbedder } from '../../src/providers/localModel.js';
import { ProviderError } from '../../src/providers/errors.js';
import { AnthropicChat, createLanguageModel, FallbackChain, OpenAIChat, type LanguageModel } from '../../src/providers/llm.js';
import { startProviderStub, stubVector, type ProviderStub } from '../helpers/providerStub.js';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: number[]) => Math.hypot(...a);

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('providers', () => {
  describe('local embedder', () => {
    const local = new HashEmbedder(384);

    it('is deterministic, has the configured dimension and unit length, and names itself', async () => {
      const text = 'My sister Anna moved to Berlin last year.';
      const a = local.embedSync(text);
      const [b] = await new HashEmbedder(384).embed([text]);
      expect(a).to.have.length(384);
      expect(b).to.deep.equal(a);
      expect(norm(a)).to.be.closeTo(1, 1e-9);
      expect(local.id).to.equal('local-hash-v1:384');
      expect(new HashEmbedder(64).embedSync(text)).to.have.length(64);
      expect(new HashEmbedder(64).id).to.equal('local-hash-v1:64');
      expect(embedSync(text)).to.deep.equal(a);
    });

    it('scores similar sentences clearly above unrelated ones', () => {
      const similar: Array<[string, string]> = [
        ['I am allergic to peanuts', 'She has a peanut allergy'],
        ['My wife Sarah loves hiking in the mountains', 'Sarah enjoys going on hikes in the mountains'],
        ['I work at Acme Corp as a software engineer', 'He is a software engineer working for Acme'],
        ['My dog Rex is afraid of thunderstorms', 'Rex the dog gets scared during storms'],
        ['We are planning a trip to Japan next spring', 'Planning to travel to Japan in the spring'],
      ];
      const unrelated: Array<[string, string]> = [
        ['I am allergic to peanuts', 'We are planning a trip to Japan next spring'],
        ['My wife Sarah loves hiking in the mountains', 'I work at Acme Corp as a software engineer'],
        ['My dog Rex is afraid of thunderstorms', 'The quarterly budget review is on Monday'],
        ['I prefer tea over coffee in the morning', 'My son plays football every weekend'],
        ['She has a peanut allergy', 'Sarah enjoys going on hikes in the mountains'],
      ];
      const score = ([a, b]: [string, string]) => cosine(local.embedSync(a), local.embedSync(b));
      const lowestSimilar = Math.min(...similar.map(score));
      const highestUnrelated = Math.max(...unrelated.map(score));
      expect(lowestSimilar).to.be.greaterThan(0.3);
      expect(highestUnrelated).to.be.lessThan(0.15);
    });

    it('lets morphological variants overlap through character n-grams and the stemmer', () => {
      const e = (t: string) => local.embedSync(t);
      expect(cosine(e('allergic'), e('allergy'))).to.be.greaterThan(0.15);
      expect(cosine(e('allergic'), e('allergy'))).to.be.greaterThan(Math.abs(cosine(e('allergic'), e('mountain'))) + 0.1);
      expect(cosine(e('running'), e('runs'))).to.be.greaterThan(0.5);
      expect(cosine(e('peanuts'), e('peanut'))).to.be.greaterThan(0.5);
    });

    it('gives the zero vector (not NaN) for text without words, and a vector for stop words alone', () => {
      for (const text of ['', '   ', '?!…', '---']) {
        const v = local.embedSync(text);
        expect(v).to.have.length(384);
        expect(v.every((x) => x === 0)).to.equal(true);
      }
      const v = local.embedSync('Who is she?');
      expect(norm(v)).to.be.closeTo(1, 1e-9);
    });

    it('embeds many short texts (speed sanity, not timed)', async () => {
      const texts = Array.from({ length: 5000 }, (_, i) => `User ${i} said their sister Anna moved to Berlin for a job in ${1990 + (i % 30)}`);
      const vectors = await local.embed(texts);
      expect(vectors).to.have.length(5000);
      expect(vectors.every((v) => v.length === 384 && Math.abs(norm(v) - 1) < 1e-9)).to.equal(true);
    });
  });

  describe('against the provider stub', () => {
    let stub: ProviderStub;
    const PROMPT_MARKER = 'PROMPT-MARKER-7f3a';

    before(async () => {
      stub = await startProviderStub();
    });
    after(async () => {
      await stub.close();
    });
    beforeEach(() => stub.reset());

    const config = (extra: Record<string, string> = {}): Config =>
      loadConfig({
        OPENAI_API_KEY: 'sk-test-openai',
        OPENAI_BASE_URL: stub.openaiBaseUrl,
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: stub.anthropicBaseUrl,
        PROVIDER_TIMEOUT_MS: '300',
        EMBEDDING_DIMENSIONS: '16',
        ...extra,
      });
    const chain = (extra: Record<string, string> = {}): LanguageModel => {
      const llm = createLanguageModel(config(extra));
      if (!llm) throw new Error('expected a language model');
      return llm;
    };
    const openaiEmbedder = () => createEmbedder(config()) as OpenAIEmbedder;

    describe('OpenAI embedder', () => {
      it('sends the model, the dimensions and the key, and returns one vector per text in order', async () => {
        const embedder = openaiEmbedder();
        expect(embedder).to.be.instanceOf(OpenAIEmbedder);
        expect(embedder.id).to.equal('openai:text-embedding-3-small:16');
        expect(embedder.dimensions).to.equal(16);
        const vectors = await embedder.embed(['alpha', 'beta', 'gamma']);
        expect(vectors).to.deep.equal(['alpha', 'beta', 'gamma'].map((t) => stubVector(t, 16)));
        const [req] = stub.requestsTo('openai.embeddings');
        expect(req!.headers.authorization).to.equal('Bearer sk-test-openai');
        expect(req!.body).to.include({ model: 'text-embedding-3-small', dimensions: 16, encoding_format: 'float' });
        expect(req!.body.input).to.deep.equal(['alpha', 'beta', 'gamma']);
      });

      it('batches at most 256 texts per call and keeps the order across batches', async () => {
        const texts = Array.from({ length: 600 }, (_, i) => `text number ${i}`);
        const vectors = await openaiEmbedder().embed(texts);
        expect(stub.requestsTo('openai.embeddings').map((r) => r.body.input.length)).to.deep.equal([256, 256, 88]);
        expect(vectors[599]).to.deep.equal(stubVector('text number 599', 16));
        expect(vectors[300]).to.deep.equal(stubVector('text number 300', 16));
      });

      it('gives blank texts the zero vector without sending them (the API refuses empty input)', async () => {
        const vectors = await openaiEmbedder().embed(['', 'real text', '  ']);
        expect(vectors[0]).to.deep.equal(new Array(16).fill(0));
        expect(vectors[2]).to.deep.equal(new Array(16).fill(0));
        expect(vectors[1]).to.deep.equal(stubVector('real text', 16));
        expect(stub.requestsTo('openai.embeddings')[0]!.body.input).to.deep.equal(['real text']);
        await openaiEmbedder().embed([]);
        expect(stub.requestsTo('openai.embeddings')).to.have.length(1);
      });

      it('rejects vectors of the wrong length, replies of the wrong shape and failures with ProviderError', async () => {
        stub.set('openai.embeddings', { dimensions: 12 });
        const wrongLength = await rejection(openaiEmbedder().embed(['a']));
        expect(wrongLength).to.be.instanceOf(ProviderError);
        expect(wrongLength.message).to.match(/expected 16 dimensions, got 12/);

        stub.set('openai.embeddings', { json: { data: 'nope' } });
        expect(await rejection(openaiEmbedder().embed(['a']))).to.be.instanceOf(ProviderError);

        stub.set('openai.embeddings', { raw: '<html>bad gateway</html>' });
        expect(await rejection(openaiEmbedder().embed(['a']))).to.be.instanceOf(ProviderError);

        stub.reset();
        stub.set('openai.embeddings', { status: 500 });
        const failed = await rejection(openaiEmbedder().embed(['a']));
        expect(failed).to.be.instanceOf(ProviderError);
        expect((failed as ProviderError).reasons).to.deep.equal(['openai embeddings: HTTP 500 server_error']);
        expect(stub.requestsTo('openai.embeddings')).to.have.length(2); // one retry
      });

      it('times out a slow provider within its bound', async () => {
        stub.set('openai.embeddings', { delayMs: 3000 });
        const started = Date.now();
        const err = await rejection(openaiEmbedder().embed(['a']));
        expect(err).to.be.instanceOf(ProviderError);
        expect(err.message).to.match(/timed out after 300 ms/);
        expect(Date.now() - started).to.be.lessThan(2500);
      });

      it('createEmbedder picks OpenAI, the local model or hashing by EMBEDDINGS and the key, and refuses openai without a key', () => {
        expect(createEmbedder(config())).to.be.instanceOf(OpenAIEmbedder);
        expect(createEmbedder(config({ EMBEDDINGS: 'local', EMBEDDING_DIMENSIONS: '384' }))).to.be.instanceOf(ModelEmbedder);
        expect(createEmbedder(config({ EMBEDDINGS: 'openai' }))).to.be.instanceOf(OpenAIEmbedder);
        expect(createEmbedder(loadConfig({}))).to.be.instanceOf(ModelEmbedder);
        const hashing = createEmbedder(loadConfig({ EMBEDDINGS: 'hash', EMBEDDING_DIMENSIONS: '32' }));
        expect(hashing).to.be.instanceOf(HashEmbedder);
        expect(hashing.id).to.equal('local-hash-v1:32');
        expect(() => createEmbedder(loadConfig({ EMBEDDINGS: 'openai' }))).to.throw(ConfigError, /OPENAI_API_KEY/);
        expect(() => createEmbedder(loadConfig({ EMBEDDINGS: 'local', EMBEDDING_DIMENSIONS: '32' }))).to.throw(ConfigError, /384/);
      });
    });

    describe('language models', () => {
      it('answers from OpenAI with the system and user messages, the token bound and the key', async () => {
        stub.set('openai.chat', { content: 'Hello there' });
        const result = await chain().complete({ system: 'Be brief.', user: 'Say hello', maxTokens: 50 });
        expect(result).to.deep.equal({ text: 'Hello there', provider: 'openai', model: 'gpt-4o-mini' });
        const [req] = stub.requestsTo('openai.chat');
        expect(req!.headers.authorization).to.equal('Bearer sk-test-openai');
        expect(req!.body.model).to.equal('gpt-4o-mini');
        expect(req!.body.max_completion_tokens).to.equal(50);
        expect(req!.body.messages).to.deep.equal([
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Say hello' },
        ]);
        expect(req!.body).to.not.have.property('response_format');
        expect(stub.requestsTo('anthropic.messages')).to.have.length(0);
      });

      it('asks OpenAI for JSON mode when json is set and returns just the object', async () => {
        stub.set('openai.chat', { content: '```json\n{"a": 1}\n```' });
        const result = await chain().complete({ system: 'Classify.', user: 'x', maxTokens: 20, json: true });
        expect(result.text).to.equal('{"a": 1}');
        const body = stub.requestsTo('openai.chat')[0]!.body;
        expect(body.response_format).to.deep.equal({ type: 'json_object' });
        expect(body.messages[0].content).to.match(/JSON/); // OpenAI refuses JSON mode when no message says JSON
      });

      it('answers from Anthropic with its key, version header, system prompt and max_tokens', async () => {
        stub.set('anthropic.messages', { content: 'Bonjour' });
        const claude = new AnthropicChat({ apiKey: 'sk-ant-test', baseURL: stub.anthropicBaseUrl, model: 'claude-test', timeoutMs: 300 });
        const result = await claude.complete({ system: 'Be French.', user: 'Say hello', maxTokens: 40 });
        expect(result).to.deep.equal({ text: 'Bonjour', provider: 'anthropic', model: 'claude-test' });
        const [req] = stub.requestsTo('anthropic.messages');
        expect(req!.path).to.equal('/v1/messages');
        // SDK 1.x sends the key as a bearer token; older ones used x-api-key.
        expect(req!.headers['x-api-key'] ?? req!.headers.authorization?.replace(/^Bearer /, '')).to.equal('sk-ant-test');
        expect(req!.headers['anthropic-version']).to.be.a('string');
        expect(req!.body).to.deep.include({ model: 'claude-test', max_tokens: 40, system: 'Be French.' });
        expect(req!.body.messages).to.deep.equal([{ role: 'user', content: 'Say hello' }]);
      });

      it('falls back to Anthropic when OpenAI answers 500 (after one retry)', async () => {
        stub.set('openai.chat', { status: 500 });
        stub.set('anthropic.messages', { content: 'from claude' });
        const result = await chain().complete({ system: 's', user: 'u', maxTokens: 10 });
        expect(result.provider).to.equal('anthropic');
        expect(result.text).to.equal('from claude');
        expect(result.model).to.equal('claude-3-5-haiku-latest');
        expect(stub.requestsTo('openai.chat')).to.have.length(2);
        expect(stub.requestsTo('anthropic.messages')).to.have.length(1);
      });

      it('falls back to Anthropic when OpenAI is slower than PROVIDER_TIMEOUT_MS', async () => {
        stub.set('openai.chat', { delayMs: 3000 });
        stub.set('anthropic.messages', { content: 'quick' });
        const started = Date.now();
        const result = await chain().complete({ system: 's', user: 'u', maxTokens: 10 });
        expect(result.provider).to.equal('anthropic');
        expect(Date.now() - started).to.be.lessThan(2500); // did not wait for the slow reply
      });

      it("does not let a provider's long Retry-After stretch a call past its bound", async () => {
        stub.set('openai.chat', { status: 429, headers: { 'retry-after-ms': '', 'retry-after': '30' } });
        stub.set('anthropic.messages', { content: 'fallback' });
        const started = Date.now();
        const result = await chain().complete({ system: 's', user: 'u', maxTokens: 10 });
        expect(result.provider).to.equal('anthropic');
        expect(Date.now() - started).to.be.lessThan(2500);
      });

      it('falls back to Anthropic when OpenAI sends garbage', async () => {
        stub.set('anthropic.messages', { content: '{"ok": true}' });
        const garbage = [
          { raw: 'this is not json' },
          { raw: '<html>proxy error</html>', rawContentType: 'text/html' },
          { json: { unexpected: 'shape' } },
          { json: { choices: [{ message: { content: '' } }] } },
          { content: 'Sure! Here you go: not an object' }, // JSON mode, but no JSON object
        ];
        for (const behaviour of garbage) {
          stub.set('openai.chat', behaviour);
          const result = await chain().complete({ system: 's', user: 'u', maxTokens: 10, json: true });
          expect(result.provider, JSON.stringify(behaviour)).to.equal('anthropic');
          expect(result.text).to.equal('{"ok": true}');
        }
      });

      it('throws ProviderError naming each failure, without prompt text, when every provider fails', async () => {
        stub.set('openai.chat', { status: 500, errorMessage: `echo: ${PROMPT_MARKER}` });
        stub.set('anthropic.messages', { status: 401, errorMessage: `echo: ${PROMPT_MARKER}` });
        const err = await rejection(chain().complete({ system: `secret ${PROMPT_MARKER}`, user: `my ${PROMPT_MARKER}`, maxTokens: 10 }));
        expect(err).to.be.instanceOf(ProviderError);
        expect((err as ProviderError).reasons).to.deep.equal(['openai: HTTP 500 server_error', 'anthropic: HTTP 401 api_error']);
        expect(err.message).to.not.include(PROMPT_MARKER);
        expect(JSON.stringify(err)).to.not.include(PROMPT_MARKER);
        expect(err.message).to.include('openai: HTTP 500').and.include('anthropic: HTTP 401');
        expect(stub.requestsTo('anthropic.messages')).to.have.length(1); // 401 is not retried
      });

      it('retries Anthropic once when it is overloaded', async () => {
        stub.set('openai.chat', { status: 500 });
        stub.set('anthropic.messages', [{ status: 529 }, { content: 'second try' }]);
        const result = await chain().complete({ system: 's', user: 'u', maxTokens: 10 });
        expect(result.text).to.equal('second try');
        expect(stub.requestsTo('anthropic.messages')).to.have.length(2);
      });

      it('reports timeouts of both providers and stays within the chain bound', async () => {
        stub.set('openai.chat', { delayMs: 3000 });
        stub.set('anthropic.messages', { delayMs: 3000 });
        const started = Date.now();
        const err = await rejection(chain().complete({ system: 's', user: 'u', maxTokens: 10 }));
        expect(Date.now() - started).to.be.lessThan(2500);
        expect((err as ProviderError).reasons).to.deep.equal(['openai: timed out after 300 ms', 'anthropic: timed out after 300 ms']);
      });

      it('bounds the whole chain: a provider left without time is not tried', async () => {
        stub.set('openai.chat', { delayMs: 3000 });
        const opts = { apiKey: 'k', timeoutMs: 2000 };
        const llm = new FallbackChain(
          [
            new OpenAIChat({ ...opts, baseURL: stub.openaiBaseUrl, model: 'gpt-test' }),
            new AnthropicChat({ ...opts, baseURL: stub.anthropicBaseUrl, model: 'claude-test' }),
          ],
          250,
        );
        const err = await rejection(llm.complete({ system: 's', user: 'u', maxTokens: 10 }));
        expect((err as ProviderError).reasons).to.deep.equal([
          'openai: chain time limit of 250 ms reached',
          'anthropic: not tried (chain time limit of 250 ms reached)',
        ]);
        expect(stub.requestsTo('anthropic.messages')).to.have.length(0);
      });

      it("stops at the caller's abort without trying the next provider", async () => {
        stub.set('openai.chat', { delayMs: 3000 });
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 50);
        const err = await rejection(chain({ PROVIDER_TIMEOUT_MS: '2000' }).complete({ system: 's', user: 'u', maxTokens: 10 }, controller.signal));
        expect((err as ProviderError).reasons).to.deep.equal(['openai: aborted']);
        expect(stub.requestsTo('anthropic.messages')).to.have.length(0);
      });

      it('exists only when a key is set, OpenAI first', () => {
        expect(createLanguageModel(loadConfig({}))).to.equal(undefined);
        expect(createLanguageModel(config())!.providers).to.deep.equal(['openai', 'anthropic']);
        expect(createLanguageModel(loadConfig({ ANTHROPIC_API_KEY: 'k' }))!.providers).to.deep.equal(['anthropic']);
        expect(createLanguageModel(loadConfig({ OPENAI_API_KEY: 'k' }))!.providers).to.deep.equal(['openai']);
      });

      it('uses Anthropic alone when only its key is set', async () => {
        stub.set('anthropic.messages', { content: 'solo' });
        const llm = createLanguageModel(loadConfig({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: stub.anthropicBaseUrl }))!;
        expect((await llm.complete({ system: 's', user: 'u', maxTokens: 5 })).text).to.equal('solo');
        expect(stub.requestsTo('openai.chat')).to.have.length(0);
      });
    });

    describe('classifyEntities', () => {
      const items = [
        { name: 'Sarah', sentence: 'My wife Sarah loves hiking.' },
        { name: 'Acme', sentence: 'I work at Acme.' },
        { name: 'Miso', sentence: 'Our cat Miso sleeps all day.' },
      ];

      it('parses a good reply in one JSON-mode call, with names as the caller gave them', async () => {
        stub.set('openai.chat', {
          content: JSON.stringify({
            entities: [
              { name: 'sarah', kind: 'person', relation: 'spouse' },
              { name: 'Acme', kind: 'Organization', relation: 'employer' },
              { name: 'Miso', kind: 'pet', relation: null },
            ],
          }),
        });
        const result = await classifyEntities(chain(), items);
        expect(result).to.deep.equal([
          { name: 'Sarah', kind: 'person', relation: 'spouse' },
          { name: 'Acme', kind: 'organization', relation: 'employer' },
          { name: 'Miso', kind: 'pet', relation: null },
        ]);
        const calls = stub.requestsTo('openai.chat');
        expect(calls).to.have.length(1);
        expect(calls[0]!.body.response_format).to.deep.equal({ type: 'json_object' });
        expect(calls[0]!.body.messages[1].content).to.include('Our cat Miso sleeps all day.');
      });

      it('drops unknown kinds, names not asked about and malformed entries; unknown relations become null', async () => {
        stub.set('openai.chat', {
          content: JSON.stringify({
            entities: [
              { name: 'Sarah', kind: 'person', relation: 'arch-nemesis' },
              { name: 'Acme', kind: 'spaceship', relation: 'employer' },
              { name: 'Bob', kind: 'person', relation: 'friend' },
              { name: 'Miso', kind: 42 },
              'garbage',
              { name: 'Sarah', kind: 'place', relation: null },
            ],
          }),
        });
        const result = await classifyEntities(chain(), items);
        expect(result).to.deep.equal([{ name: 'Sarah', kind: 'person', relation: null }]);
      });

      it('returns [] on garbage, on the wrong shape and when every provider fails', async () => {
        stub.set('anthropic.messages', { content: 'I cannot help with that.' });
        stub.set('openai.chat', { content: 'no json here' });
        expect(await classifyEntities(chain(), items)).to.deep.equal([]);
        stub.set('openai.chat', { content: '{"entities": "none"}' });
        expect(await classifyEntities(chain(), items)).to.deep.equal([]);
        stub.set('openai.chat', { status: 500 });
        stub.set('anthropic.messages', { status: 500 });
        expect(await classifyEntities(chain(), items)).to.deep.equal([]);
      });

      it('makes no call for nothing to classify', async () => {
        expect(await classifyEntities(chain(), [])).to.deep.equal([]);
        expect(stub.requests).to.have.length(0);
      });
    });
  });
});
