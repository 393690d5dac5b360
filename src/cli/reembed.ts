#!/usr/bin/env node
// `npm run reembed [-- --status] [--tenant ID]`: gives every stored memory and message vector one from the configured embedder (EMBEDDINGS),
// printing progress; interrupted, it resumes where it stopped. The service does the same in the background at
// start-up; this is for doing it ahead of a deploy, or watching it. --status only counts what is left.
import { createEmbedder } from '../providers/embeddings.js';
import { ensureEmbeddingModel, ModelEmbedder } from '../providers/localModel.js';
import { reembed, staleVectors } from '../jobs/reembed.js';
import { fail, flags, withGraph } from './common.js';

const args = process.argv.slice(2);
const status = args.includes('--status');
let opts: Record<string, string>;
try {
  opts = flags(args.filter((a) => a !== '--status'));
} catch (err) {
  fail((err as Error).message);
}
if (Object.keys(opts).some((k) => k !== 'tenant')) fail('usage: reembed [--status] [--tenant <tenant id>]');

await withGraph(async ({ graph }, config) => {
  const embedder = createEmbedder(config);
  if (status) {
    const left = await staleVectors(graph, embedder.id, opts.tenant ?? null);
    console.log(JSON.stringify({ model: embedder.id, left }, null, 2));
    return;
  }
  if (embedder instanceof ModelEmbedder) await ensureEmbeddingModel((m) => console.error(m));
  const started = performance.now();
  let shown = 0;
  const stop = { asked: false };
  process.once('SIGINT', () => (stop.asked = true));
  const p = await reembed(graph, embedder, {
    tenantId: opts.tenant,
    shouldStop: () => stop.asked,
    onProgress: (x) => {
      if (x.finished || performance.now() - shown > 2000) {
        shown = performance.now();
        const rate = x.done / Math.max(0.001, (performance.now() - started) / 1000);
        console.log(
          `${x.done}/${x.total} vectors (memories and messages) re-embedded with ${x.model} (${rate.toFixed(0)}/s)${x.finished ? ', done' : ''}`,
        );
      }
    },
  });
  if (embedder instanceof ModelEmbedder) await embedder.close();
  if (!p.finished) console.log(`stopped at ${p.done}/${p.total}; run again to resume`);
}).catch((err: Error) => fail(`reembed failed: ${err.message}`));
