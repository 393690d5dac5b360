// One way to make the OpenAI SDK client, for chat and embeddings alike.
import OpenAI from 'openai';

export function openAIClient(o: { apiKey: string; baseURL?: string; timeoutMs: number }): OpenAI {
  return new OpenAI({
    apiKey: o.apiKey,
    // Explicit, so that the SDK never reads OPENAI_BASE_URL behind the config's back.
    baseURL: o.baseURL ?? 'https://api.openai.com/v1',
    timeout: o.timeoutMs,
    // The caller's own deadline bounds the retry too.
    maxRetries: 1,
    logLevel: 'off',
  });
}
