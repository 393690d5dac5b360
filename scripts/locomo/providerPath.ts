// `--provider stub`: the service runs its provider path (EMBEDDINGS=openai and a language model for the names that
// offline extraction leaves ambiguous) against a local stub of the OpenAI API. Where a recorded answer can stand
// in, the stub gives one: the local model's vectors through the embeddings endpoint, and for the entity
// classifier the answer that classifies nothing (each name keeps its offline guess). So the figures measure what
// the provider path's plumbing keeps or loses (batching, the SDK, base64 vectors, replies parsed), not what a
// real provider's model adds; for that, run the harness with a real OPENAI_API_KEY (docs/benchmarks.md).
import { ModelEmbedder } from '../../src/providers/localModel.js';
import { startProviderStub, type ProviderStub } from '../../test/helpers/providerStub.js';

export interface ProviderPath {
  /** Environment the service is started with. */
  env: Record<string, string>;
  /** Requests the stub answered, by endpoint. */
  counts(): Record<string, number>;
  close(): Promise<void>;
}

export async function startProviderStubPath(): Promise<ProviderPath> {
  const model = new ModelEmbedder();
  const stub: ProviderStub = await startProviderStub();
  stub.set('openai.embeddings', { embed: (texts) => model.embed(texts) });
  stub.set('openai.chat', { contentFor: () => JSON.stringify({ entities: [] }) });
  return {
    env: { OPENAI_API_KEY: 'sk-stub', OPENAI_BASE_URL: stub.openaiBaseUrl, EMBEDDINGS: 'openai' },
    counts: () => ({
      embeddings: stub.requestsTo('openai.embeddings').length,
      chat: stub.requestsTo('openai.chat').length,
    }),
    close: async () => {
      await stub.close();
      await model.close();
    },
  };
}
