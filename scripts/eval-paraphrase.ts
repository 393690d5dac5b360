// `npm run eval:paraphrase [-- --budget 6000]`: paraphrase recall on the invented people of
// scripts/paraphrase/cases.ts, through the API of the service run in-process (its embedder as configured:
// the local model by default). Prints the summary and every miss.
import { client } from './locomo/http.js';
import { startEvalService } from './locomo/service.js';
import { runParaphrase, summarise, TOP } from './paraphrase/run.js';

const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<void> {
  const i = process.argv.indexOf('--budget');
  const budget = i > 0 ? Number(process.argv[i + 1]) : undefined;
  const svc = await startEvalService(say);
  try {
    const started = Date.now();
    const results = await runParaphrase(client(svc.baseUrl, svc.apiKey), `paraphrase-${Date.now()}`, budget);
    for (const r of results.filter((x) => x.rank === null || x.rank > TOP))
      say(`miss (answer at ${r.rank ?? 'none'} of ${r.items}): ${r.question}\n    ${r.top.join('\n    ')}`);
    say(`paraphrase ${JSON.stringify(summarise(results))} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await svc.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
