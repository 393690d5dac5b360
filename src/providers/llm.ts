// The hosted language models the service calls itself (spec 1.6): OpenAI first, Anthropic as the fallback when
// the first call fails and its key is set. No key at all means no language model: callers work offline.
import Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { openAIClient } from './openaiClient.js';
import type { Config } from '../config.js';
import { callSignal, describeFailure, ProviderError, untilAborted } from './errors.js';

export { ProviderError } from './errors.js';

export interface ChatRequest {
  system: string;
  user: string;
  maxTokens: number;
  /** The reply must be one JSON object; `text` then holds just that object (fences and chatter removed). */
  json?: boolean;
}

export interface ChatResult {
  text: string;
  provider: 'openai' | 'anthropic';
  model: string;
}

export interface LanguageModel {
  /** Resolves with the first provider's answer or rejects with ProviderError; never takes longer than its bound. */
  complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult>;
  /** Provider names in the order they are tried, e.g. ['openai', 'anthropic']. */
  readonly providers: string[];
}

export interface ChatAdapterOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Bound of one call, its retry included. */
  timeoutMs: number;
}

export class OpenAIChat implements LanguageModel {
  readonly providers = ['openai'];
  private readonly client: OpenAI;

  constructor(private readonly opts: ChatAdapterOptions) {
    this.client = openAIClient(opts);
  }

  complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    return bounded('openai', this.opts.timeoutMs, signal, async (bound) => {
      const completion = await this.client.chat.completions.create(
        {
          model: this.opts.model,
          messages: [
            { role: 'system', content: systemPrompt(req) },
            { role: 'user', content: req.user },
          ],
          max_completion_tokens: req.maxTokens,
          ...(req.json ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { signal: bound, timeout: this.opts.timeoutMs, maxRetries: 1 },
      );
      // The SDK hands back whatever body came; a proxy's HTML page or a wrong shape must not pass as an answer.
      const choice = (completion as Partial<typeof completion> | null)?.choices?.[0];
      if (choice?.message?.refusal) throw new ProviderError(['refused']);
      const text = choice?.message?.content;
      if (typeof text !== 'string' || text.trim() === '') throw new ProviderError(['malformed reply (no text)']);
      return { text: finalText(text, req), provider: 'openai', model: modelOf(completion, this.opts.model) };
    });
  }
}

export class AnthropicChat implements LanguageModel {
  readonly providers = ['anthropic'];
  private readonly client: Anthropic;

  constructor(private readonly opts: ChatAdapterOptions) {
    this.client = new Anthropic({
      apiKey: opts.apiKey,
      baseURL: opts.baseURL ?? 'https://api.anthropic.com',
      timeout: opts.timeoutMs,
      maxRetries: 1,
      logLevel: 'off',
    });
  }

  complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    return bounded('anthropic', this.opts.timeoutMs, signal, async (bound) => {
      const message = await this.client.messages.create(
        {
          model: this.opts.model,
          max_tokens: req.maxTokens,
          system: systemPrompt(req),
          messages: [{ role: 'user', content: req.user }],
        },
        { signal: bound, timeout: this.opts.timeoutMs, maxRetries: 1 },
      );
      const content = (message as Partial<typeof message> | null)?.content;
      if ((message as Partial<typeof message> | null)?.stop_reason === 'refusal') throw new ProviderError(['refused']);
      const text = Array.isArray(content)
        ? content.map((block) => (block?.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('')
        : undefined;
      if (text === undefined || text.trim() === '') throw new ProviderError(['malformed reply (no text)']);
      return { text: finalText(text, req), provider: 'anthropic', model: modelOf(message, this.opts.model) };
    });
  }
}

/**
 * Tries each model in order and answers with the first success. The whole chain is bounded too (by default
 * each provider's own bound, summed), and a caller's abort stops it without trying the next provider.
 */
export class FallbackChain implements LanguageModel {
  readonly providers: string[];

  constructor(
    private readonly links: LanguageModel[],
    private readonly totalTimeoutMs: number,
  ) {
    this.providers = links.flatMap((l) => l.providers);
  }

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    const reasons: string[] = [];
    const { deadline, signal: bound } = callSignal(this.totalTimeoutMs, signal);
    for (const link of this.links) {
      const name = link.providers.join('+');
      if (signal?.aborted) {
        reasons.push(`${name}: aborted`);
        break;
      }
      if (deadline.aborted) {
        reasons.push(`${name}: not tried (chain time limit of ${this.totalTimeoutMs} ms reached)`);
        continue;
      }
      try {
        return await untilAborted(link.complete(req, bound), bound);
      } catch (err) {
        if (signal?.aborted) {
          reasons.push(`${name}: aborted`);
          break;
        }
        if (deadline.aborted) reasons.push(`${name}: chain time limit of ${this.totalTimeoutMs} ms reached`);
        else if (err instanceof ProviderError) reasons.push(...err.reasons);
        else reasons.push(`${name}: ${describeFailure(err, this.totalTimeoutMs)}`);
      }
    }
    throw new ProviderError(reasons);
  }
}

const CHAIN_SLACK_MS = 100;

/** OpenAI first, Anthropic second (spec 1.6); undefined when no key is set (offline). */
export function createLanguageModel(config: Config): LanguageModel | undefined {
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  const links: LanguageModel[] = [];
  if (config.OPENAI_API_KEY)
    links.push(new OpenAIChat({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_CHAT_MODEL, timeoutMs }));
  if (config.ANTHROPIC_API_KEY)
    links.push(new AnthropicChat({ apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL, model: config.ANTHROPIC_MODEL, timeoutMs }));
  if (links.length === 0) return undefined;
  // Each provider gets its full time; the slack lets a provider's own limit, not the chain's, end a slow last call.
  return new FallbackChain(links, timeoutMs * links.length + CHAIN_SLACK_MS);
}

/** Runs one provider call under its own time limit (and the caller's signal); every failure becomes ProviderError. */
async function bounded<T>(
  provider: string,
  timeoutMs: number,
  caller: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (caller?.aborted) throw new ProviderError([`${provider}: aborted`]);
  const { deadline, signal } = callSignal(timeoutMs, caller);
  try {
    return await untilAborted(work(signal), signal);
  } catch (err) {
    throw new ProviderError([`${provider}: ${describeFailure(err, timeoutMs, deadline, caller)}`]);
  }
}

/** OpenAI's JSON mode refuses a conversation that never says "JSON"; it also steers Anthropic, which has no such mode. */
function systemPrompt(req: ChatRequest): string {
  return req.json && !/json/i.test(req.system) ? `${req.system}\n\nReply with one JSON object and nothing else.` : req.system;
}

function finalText(text: string, req: ChatRequest): string {
  if (!req.json) return text;
  const json = extractJsonObject(text);
  if (json === undefined) throw new ProviderError(['reply was not a JSON object']);
  return json;
}

/** The JSON object in a reply, without Markdown fences or a sentence around it; undefined when there is none. */
export function extractJsonObject(text: string): string | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  const candidate = text.slice(start, end + 1);
  try {
    const parsed: unknown = JSON.parse(candidate);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** The model that answered, as the reply names it (e.g. a dated snapshot), else the configured one. */
function modelOf(reply: unknown, configured: string): string {
  const model = (reply as { model?: unknown } | null)?.model;
  return typeof model === 'string' && /^[\w.:/-]{1,100}$/.test(model) ? model : configured;
}
