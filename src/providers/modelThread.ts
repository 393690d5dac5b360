// The local embedding model's thread: loads the ONNX model and its tokenizer once, then answers
// { id, texts } with { id, vectors } (one Float32Array, rows of `dimensions`) or { id, error }.
// bge-small-en-v1.5: the [CLS] token's last hidden state, L2-normalised (mean pooling for models that want it).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';

interface Data {
  modelFile: string;
  tokenizerFile: string;
  dimensions: number;
  /** 'cls' (bge) takes the first token's state; 'mean' (sentence-transformers) averages the tokens'. */
  pooling?: 'cls' | 'mean';
}

const { modelFile, tokenizerFile, dimensions, pooling = 'cls' } = workerData as Data;
/** The model's position embeddings end here; longer text is cut (memories are far shorter). */
const MAX_TOKENS = 512;
/**
 * Texts run through the model together. One: the int8 model quantises activations with a scale taken over the
 * whole batch, so a text's vector would otherwise depend on the texts beside it.
 */
const BATCH = 1;
const CLS = 101;
const SEP = 102;

const tokenizer = new Tokenizer(JSON.parse(readFileSync(tokenizerFile, 'utf8')) as object, {});
// One intra-op thread: the service runs beside Neo4j and the analysis threads on few cores.
// No memory patterns: they are planned and kept per input shape, and every text length is a shape of its own.
const session = ort.InferenceSession.create(modelFile, {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  enableMemPattern: false,
});

function ids(text: string): number[] {
  const encoded = tokenizer.encode(text).ids as number[];
  if (encoded.length <= MAX_TOKENS) return encoded;
  return [CLS, ...encoded.slice(1, MAX_TOKENS - 1), SEP];
}

async function embed(texts: string[]): Promise<Float32Array> {
  const s = await session;
  const out = new Float32Array(texts.length * dimensions);
  const order = texts.map((t, i) => ({ i, ids: t.trim() ? ids(t) : [] })).sort((a, b) => a.ids.length - b.ids.length);
  // Blank text keeps the zero vector, as from the other embedders.
  const work = order.filter((o) => o.ids.length > 0);
  for (let start = 0; start < work.length; start += BATCH) {
    const batch = work.slice(start, start + BATCH);
    const len = Math.max(...batch.map((b) => b.ids.length));
    const inputIds = new BigInt64Array(batch.length * len);
    const mask = new BigInt64Array(batch.length * len);
    batch.forEach((b, row) =>
      b.ids.forEach((id, col) => {
        inputIds[row * len + col] = BigInt(id);
        mask[row * len + col] = 1n;
      }),
    );
    const shape = [batch.length, len];
    const result = await s.run({
      input_ids: new ort.Tensor('int64', inputIds, shape),
      attention_mask: new ort.Tensor('int64', mask, shape),
      token_type_ids: new ort.Tensor('int64', new BigInt64Array(batch.length * len), shape),
    });
    const hidden = result[s.outputNames[0]!]!;
    const data = hidden.data as Float32Array;
    const width = hidden.dims[2]!;
    if (width !== dimensions) throw new Error(`the model gives ${width} dimensions, expected ${dimensions}`);
    batch.forEach((b, row) => {
      const cls = pooling === 'cls' ? data.subarray(row * len * width, row * len * width + width) : meanOf(data, row, len, width, b.ids.length);
      let norm = 0;
      for (let k = 0; k < width; k++) norm += cls[k]! * cls[k]!;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let k = 0; k < width; k++) out[b.i * dimensions + k] = cls[k]! * scale;
    });
  }
  return out;
}

function meanOf(data: Float32Array, row: number, len: number, width: number, tokens: number): Float32Array {
  const out = new Float32Array(width);
  for (let t = 0; t < tokens; t++) for (let k = 0; k < width; k++) out[k]! += data[(row * len + t) * width + k]! / tokens;
  return out;
}

// A load failure (missing or corrupt file) is reported on every task, so callers learn why.
session.catch(() => undefined);
parentPort!.on('message', (m: { id: number; texts: string[] }) => {
  embed(m.texts).then(
    (vectors) => parentPort!.postMessage({ id: m.id, vectors }, [vectors.buffer as ArrayBuffer]),
    (err: Error) => parentPort!.postMessage({ id: m.id, error: err.message }),
  );
});
