// Text → vector. The default works offline: a real sentence-embedding model run locally (./localModel.ts); OpenAI
// when a key is set; and a feature-hashing embedder, deterministic and instant but blind to meaning, kept for
// tests and for seeding benchmark graphs of many thousand memories. Each memory stores its embedder's id, so
// vectors of different embedders (or of the same embedder at another dimension) are never compared.
import type OpenAI from 'openai';
import { openAIClient } from './openaiClient.js';
import { ConfigError, type Config } from '../config.js';
import { callSignal, describeFailure, ProviderError, untilAborted } from './errors.js';
import { MODEL_DIMENSIONS, ModelEmbedder } from './localModel.js';
import { HASH_EMBEDDING_STOP_WORDS } from '../text/stopWords.js';
import { stem } from '../text/stems.js';
import { words } from '../text/words.js';

export interface Embedder {
  /** e.g. 'local:bge-small-en-v1.5-q:384' or 'openai:text-embedding-3-small:384'; stored on each memory. */
  readonly id: string;
  readonly dimensions: number;
  /** One vector of `dimensions` numbers per text, in order. Blank text gets the zero vector. */
  embed(texts: string[]): Promise<number[][]>;
  /** Ends what it runs beside the process (the local model's thread). */
  close?(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------
// Hashing (EMBEDDINGS=hash): signed feature hashing of words, word pairs and character n-grams.

/** Weight of one content word (stemmed) and of one pair of neighbouring content words. */
const UNIGRAM_WEIGHT = 1.0;
const BIGRAM_WEIGHT = 0.5;
/**
 * L2 weight of all of one word's character n-grams together, spread evenly over them: as much as the word itself.
 * They are what morphological variants share ("allergic"/"allergy"). Tuned by hand: more lifts unrelated pairs.
 */
const CHAR_WEIGHT = 1.0;
const MIN_GRAM = 3;
const MAX_GRAM = 5;
/** Bounds the work for one (very long) text; memories are far shorter. */
const MAX_WORDS = 4000;

// 32-bit FNV-1a, finished with murmur3's mixer so that the low bits (the bucket) are well spread.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const step = (h: number, code: number) => Math.imul(h ^ code, FNV_PRIME);
const hashInto = (h: number, s: string) => {
  for (let i = 0; i < s.length; i++) h = step(h, s.charCodeAt(i));
  return h;
};
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
// One seed per feature family, so a word and a character n-gram with the same letters land apart.
const WORD_SEED = step(FNV_OFFSET, 1);
const PAIR_SEED = step(FNV_OFFSET, 2);
const GRAM_SEED = step(FNV_OFFSET, 3);

export class HashEmbedder implements Embedder {
  readonly id: string;

  constructor(readonly dimensions = 384) {
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new RangeError('dimensions must be a positive integer');
    this.id = `local-hash-v1:${dimensions}`;
  }

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.embedSync(t));
  }

  /** Synchronous, for hot paths; the same vector `embed` gives. */
  embedSync(text: string): number[] {
    const vec = new Float64Array(this.dimensions);
    // Accents folded and apostrophes dropped ("don't" → "dont"): people type them either way.
    const all = words(text, { apostrophes: 'drop', fold: 'accents', limit: MAX_WORDS });
    // A text of stop words only ("who is she?") still gets a vector from them.
    const content = all.filter((w) => !HASH_EMBEDDING_STOP_WORDS.has(w));
    const kept = content.length > 0 ? content : all;

    let previous: string | undefined;
    for (const word of kept) {
      const stemmed = stem(word);
      this.add(vec, hashInto(WORD_SEED, stemmed), UNIGRAM_WEIGHT);
      if (previous !== undefined) this.add(vec, hashInto(step(hashInto(PAIR_SEED, previous), 32), stemmed), BIGRAM_WEIGHT);
      previous = stemmed;
      this.addCharGrams(vec, word);
    }

    let norm = 0;
    for (let i = 0; i < vec.length; i++) norm += vec[i]! * vec[i]!;
    const out = new Array<number>(this.dimensions);
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < vec.length; i++) out[i] = vec[i]! * scale;
    return out;
  }

  /** The unstemmed word's 3- to 5-grams with boundary markers ("<al", "all", …, "gy>"), L2 weight CHAR_WEIGHT. */
  private addCharGrams(vec: Float64Array, word: string): void {
    const padded = `<${word}>`;
    const n = padded.length;
    let count = 0;
    for (let g = MIN_GRAM; g <= MAX_GRAM; g++) count += Math.max(0, n - g + 1);
    if (count === 0) return;
    const weight = CHAR_WEIGHT / Math.sqrt(count);
    for (let start = 0; start + MIN_GRAM <= n; start++) {
      let h = GRAM_SEED;
      for (let k = 0; k < MAX_GRAM && start + k < n; k++) {
        h = step(h, padded.charCodeAt(start + k));
        if (k + 1 >= MIN_GRAM) this.add(vec, h, weight);
      }
    }
  }

  /** A second, independent mix of the hash picks the sign, so collisions cancel out on average. */
  private add(vec: Float64Array, hash: number, weight: number): void {
    const bucket = fmix32(hash) % this.dimensions;
    const negative = fmix32(hash ^ 0x5bd1e995) & 1;
    vec[bucket]! += negative ? -weight : weight;
  }
}

// ---------------------------------------------------------------------------------------------------------
// OpenAI

const MAX_TEXTS_PER_CALL = 256;
/** Keeps one call well under the API's limit of tokens per request (~4 characters per token in English). */
const MAX_CHARS_PER_CALL = 400_000;
/** One input may hold at most 8,191 tokens; a memory longer than this is cut (CJK text runs ~1 token a character). */
const MAX_CHARS_PER_TEXT = 6_000;

export interface OpenAIEmbedderOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  dimensions: number;
  /** Bound of one call, its retry included. */
  timeoutMs: number;
}

export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly timeoutMs: number;

  constructor(opts: OpenAIEmbedderOptions) {
    this.model = opts.model;
    this.dimensions = opts.dimensions;
    this.timeoutMs = opts.timeoutMs;
    this.id = `openai:${opts.model}:${opts.dimensions}`;
    this.client = openAIClient(opts);
  }

  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = new Array(texts.length);
    // The API refuses empty input; blank text gets the zero vector, as from the local embedders.
    const pending: Array<{ at: number; text: string }> = [];
    texts.forEach((text, at) => {
      if (text.trim() === '') out[at] = new Array<number>(this.dimensions).fill(0);
      else pending.push({ at, text: text.slice(0, MAX_CHARS_PER_TEXT) });
    });
    for (const batch of batches(pending)) {
      const vectors = await this.call(batch.map((b) => b.text));
      batch.forEach((b, i) => (out[b.at] = vectors[i]!));
    }
    return out;
  }

  private async call(input: string[]): Promise<number[][]> {
    const { deadline, signal } = callSignal(this.timeoutMs);
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await untilAborted(
        this.client.embeddings.create(
          { model: this.model, input, dimensions: this.dimensions, encoding_format: 'float' },
          { signal, timeout: this.timeoutMs, maxRetries: 1 },
        ),
        signal,
      );
    } catch (err) {
      throw new ProviderError([`openai embeddings: ${describeFailure(err, this.timeoutMs, deadline)}`]);
    }
    return this.vectorsOf(response, input.length);
  }

  /** The reply holds one vector of exactly `dimensions` finite numbers per input, by index; anything else fails. */
  private vectorsOf(response: unknown, expected: number): number[][] {
    const malformed = (what: string) => new ProviderError([`openai embeddings: malformed reply (${what})`]);
    const data = (response as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length !== expected) throw malformed(`expected ${expected} vectors`);
    const vectors: number[][] = new Array(expected);
    data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
      const index = typeof item?.index === 'number' ? item.index : position;
      const v = item?.embedding;
      if (!Number.isInteger(index) || index < 0 || index >= expected || vectors[index]) throw malformed('bad index');
      if (!Array.isArray(v) || v.length !== this.dimensions)
        throw malformed(`expected ${this.dimensions} dimensions, got ${Array.isArray(v) ? v.length : 'none'}`);
      if (!v.every((x) => typeof x === 'number' && Number.isFinite(x))) throw malformed('non-numeric values');
      vectors[index] = v as number[];
    });
    return vectors;
  }
}

function* batches<T extends { text: string }>(items: T[]): Generator<T[]> {
  let batch: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (batch.length === MAX_TEXTS_PER_CALL || (batch.length > 0 && chars + item.text.length > MAX_CHARS_PER_CALL)) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(item);
    chars += item.text.length;
  }
  if (batch.length > 0) yield batch;
}

// ---------------------------------------------------------------------------------------------------------

/** 'auto': OpenAI when a key is set, else the local model. 'openai' without a key stops start-up. */
export function createEmbedder(config: Config): Embedder {
  const mode = config.EMBEDDINGS;
  if (mode === 'hash') return new HashEmbedder(config.EMBEDDING_DIMENSIONS);
  if (mode === 'local' || (mode === 'auto' && !config.OPENAI_API_KEY)) return localModel(config);
  if (!config.OPENAI_API_KEY) throw new ConfigError('Invalid configuration:\n  EMBEDDINGS: is openai but OPENAI_API_KEY is not set');
  return new OpenAIEmbedder({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_EMBEDDING_MODEL,
    dimensions: config.EMBEDDING_DIMENSIONS,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

function localModel(config: Config): ModelEmbedder {
  if (config.EMBEDDING_DIMENSIONS !== MODEL_DIMENSIONS)
    throw new ConfigError(
      `Invalid configuration:\n  EMBEDDING_DIMENSIONS: the local model gives ${MODEL_DIMENSIONS}, not ${config.EMBEDDING_DIMENSIONS}`,
    );
  return new ModelEmbedder();
}

/**
 * The write path's embedder: the configured one, and the local embedder when that one fails (a provider down, slow
 * past PROVIDER_TIMEOUT_MS, or answering garbage), so that a message is still processed (spec 1.6: the service
 * works without its providers). Each call says which embedder made its vectors; the caller stores that id with
 * them, so vectors of different embedders are never compared. After a failure the provider is left alone for
 * `cooldownMs` (one timeout per cooldown instead of one per message while it is down).
 */
export class EmbedderWithOfflineFallback {
  private downUntil = 0;

  constructor(
    readonly primary: Embedder,
    private readonly onFallback: (reason: string) => void = () => {},
    private readonly cooldownMs = 30_000,
    private readonly clock: () => number = Date.now,
    readonly offline: Embedder = primary instanceof HashEmbedder || primary instanceof ModelEmbedder ? primary : new ModelEmbedder(),
  ) {}

  async embed(texts: string[]): Promise<{ vectors: number[][]; embedderId: string }> {
    if (this.primary === this.offline || this.clock() >= this.downUntil) {
      try {
        return { vectors: await this.primary.embed(texts), embedderId: this.primary.id };
      } catch (err) {
        if (this.primary === this.offline || !(err instanceof ProviderError)) throw err;
        this.downUntil = this.clock() + this.cooldownMs;
        this.onFallback(err.reasons.join('; '));
      }
    }
    return { vectors: await this.offline.embed(texts), embedderId: this.offline.id };
  }
}

const sharedLocal = new Map<number, HashEmbedder>();

/** The hashing embedder's vector for one text, synchronously (tests and benchmark seeding). */
export function embedSync(text: string, dimensions = 384): number[] {
  let embedder = sharedLocal.get(dimensions);
  if (!embedder) sharedLocal.set(dimensions, (embedder = new HashEmbedder(dimensions)));
  return embedder.embedSync(text);
}
