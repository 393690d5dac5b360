// `npm run eval:locomo -- <conv.json>... [--budgets 500,1000,2000,6000] [--out bench/results/locomo-<date>.json] [--provider stub]`
// LoCoMo evidence and answer recall at a token budget (docs/benchmarks.md): loads each conversation through
// the HTTP API of the service running in-process on a real Neo4j, asks /context/items every question of
// categories 1-4 at every budget, and compares with BM25 and recency over the raw turns.
//
// The results file holds ids and numbers only (question positions, dia_ids, node ids), never benchmark text, so
// it can be committed; texts for diagnosis go to bench/results/tmp/ (ignored by git).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../src/version.js';
import { TurnIndex } from './locomo/baselines.js';
import { loadConversation as readConversation, type Conversation } from './locomo/data.js';
import { evaluateConversation, round, type QuestionResult } from './locomo/evaluate.js';
import { client } from './locomo/http.js';
import { loadConversation, type Loaded } from './locomo/ingest.js';
import { diagnose, writeDetail, writeResults, type Derived, type DerivedMemory } from './locomo/output.js';
import { budgetTable } from './locomo/report.js';
import { startProviderStubPath } from './locomo/providerPath.js';
import { startEvalService, type EvalService } from './locomo/service.js';

interface Args {
  files: string[];
  budgets: number[];
  out: string;
  /** 'stub': the provider path against a local stub of the OpenAI API (scripts/locomo/providerPath.ts). */
  provider?: 'stub';
  /**
   * A folder keeping the database between runs: the first run loads the conversations into it and saves what it
   * needs to ask again (keep.json); later runs skip ingestion and only ask the questions (a ranking change needs no
   * new ingestion). Delete the folder after a change to ingestion.
   */
  keep?: string;
}

function parseArgs(argv: string[]): Args {
  const files: string[] = [];
  let budgets = [500, 1000, 2000, 6000];
  let out = path.join('bench', 'results', `locomo-${new Date().toISOString().slice(0, 10)}.json`);
  let provider: Args['provider'];
  let keep: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--budgets') budgets = (argv[++i] ?? '').split(',').map((b) => Number(b.trim()));
    else if (a === '--out') out = argv[++i] ?? out;
    else if (a === '--keep') keep = path.resolve(argv[++i] ?? '');
    else if (a === '--provider') {
      if (argv[++i] !== 'stub') throw new Error('--provider: stub (a real provider is used when OPENAI_API_KEY is set)');
      provider = 'stub';
    } else if (a.startsWith('--')) throw new Error(`Unknown option ${a}`);
    else files.push(a);
  }
  if (!files.length)
    throw new Error(
      'usage: npm run eval:locomo -- <conv.json>... [--budgets 500,1000,2000,6000] [--out <file.json>] [--provider stub] [--keep <dir>]',
    );
  if (!budgets.length || budgets.some((b) => !Number.isInteger(b) || b < 50 || b > 32_000))
    throw new Error('--budgets: whole numbers from 50 to 32000, comma-separated');
  return { files, budgets, out, provider, ...(keep ? { keep } : {}) };
}

const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const conversations: Conversation[] = [];
  for (const f of args.files) conversations.push(await readConversation(path.resolve(f)));
  // The budget whose returned items are kept for diagnosis: the goal's 2000 when measured.
  const detailBudget = args.budgets.includes(2000) ? 2000 : args.budgets[Math.floor(args.budgets.length / 2)]!;
  for (const c of conversations)
    say(
      `${c.sampleId}: ${c.speakerA} (user) and ${c.speakerB} (${c.roleB}), ${c.turns.length} turns, ${c.questions.length} questions of categories 1-4` +
        (c.skippedQuestions ? `, ${c.skippedQuestions} left out (no valid evidence)` : '') +
        (c.droppedEvidence.length ? `, evidence ids dropped: ${c.droppedEvidence.join(' ')}` : ''),
    );

  const providerPath = args.provider === 'stub' ? await startProviderStubPath() : undefined;
  const kept = args.keep ? await readKept(args.keep) : undefined;
  if (kept) say(`reusing the database kept in ${args.keep} (ingested ${kept.savedAt}): ingestion skipped`);
  const svc: EvalService = await startEvalService(
    say,
    providerPath?.env,
    args.keep ? { dataDir: path.join(args.keep, 'neo4j'), ...(kept ? { tenant: kept.tenant } : {}) } : undefined,
  );
  say(
    `embeddings: ${svc.embedderId}; language model: ${svc.languageModel ?? 'none (offline analysis only)'}${providerPath ? ' (a local stub of the OpenAI API)' : ''}`,
  );
  const stop = () => void svc.close().then(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const api = client(svc.baseUrl, svc.apiKey);
    // Ingestion: conversations side by side (each is its own end user), the turns of one conversation in order.
    const started = performance.now();
    const loaded: Loaded[] = kept
      ? conversations.map((c) => fromKept(kept, c.sampleId))
      : await Promise.all(conversations.map((c) => loadConversation(api, c, say)));
    const wall = kept ? kept.wallSeconds : (performance.now() - started) / 1000;
    if (args.keep && !kept) await writeKept(args.keep, { tenantId: svc.tenantId, apiKey: svc.apiKey }, loaded, wall);

    const results: QuestionResult[] = [];
    for (const [i, c] of conversations.entries()) {
      say(`${c.sampleId}: evaluating ${c.questions.length} questions at budgets ${args.budgets.join(', ')}`);
      results.push(...(await evaluateConversation(svc, api, c, loaded[i]!, args.budgets, detailBudget, say)));
    }

    // What each turn became, and what the graph holds.
    const derived: Derived = new Map();
    const ingestion = [];
    for (const [i, c] of conversations.entries()) {
      const owner = { tenantId: svc.tenantId, userId: c.sampleId };
      const rows = await svc.read<{ messageId: string; memories: DerivedMemory[] }>('derivedFrom', {
        ...owner,
        messageIds: [...loaded[i]!.messageOf.values()],
      });
      derived.set(c.sampleId, new Map(rows.map((r) => [loaded[i]!.diaOf.get(r.messageId)!, r.memories])));
      const [counts] = await svc.read<{ facts: number; entities: number; interests: number; themes: number }>('graphCounts', owner);
      ingestion.push({
        sampleId: c.sampleId,
        turns: loaded[i]!.turns,
        ackSeconds: round(loaded[i]!.ackSeconds, 1),
        processedSeconds: round(loaded[i]!.processedSeconds, 1),
        failed: loaded[i]!.failed,
        turnsWithMemories: rows.filter((r) => r.memories.length).length,
        ...counts!,
      });
    }
    const diagnosis = diagnose(results, derived, detailBudget);

    console.log('');
    console.log(`Ingestion (conversations loaded side by side; ${round(wall, 1)} s until everything was processed)`);
    for (const g of ingestion)
      console.log(
        `  ${g.sampleId}: ${g.turns} turns, acknowledged in ${g.ackSeconds} s, processed in ${g.processedSeconds} s, ${g.failed.length} failed; ` +
          `${g.facts} facts, ${g.entities} entities, ${g.interests} interests; ${g.turnsWithMemories} turns yielded a memory`,
      );
    for (const budget of args.budgets) console.log(`\n${budgetTable(results, budget)}`);
    console.log(
      `\nMissed evidence at ${detailBudget} tokens: ${diagnosis.missedEvidence} (question, turn) pairs; ${diagnosis.nothingExtracted} of those turns ` +
        `yielded no memory at all, ${diagnosis.extractedNotReturned} yielded memories that were not returned (${diagnosis.notRanked} not in the ranking at all; ` +
        `ranked with fewer than 2x the budget's tokens before them ${diagnosis.rankedWithin2x}, 2-3x ${diagnosis.rankedWithin3x}, more ${diagnosis.rankedBeyond3x}).`,
    );
    console.log(
      `Whole conversations as lines: ${conversations.map((c) => `${c.sampleId} ${new TurnIndex(c.turns).totalTokens}`).join(', ')} tokens.`,
    );

    const out = path.resolve(projectRoot, args.out);
    const command = `npm run eval:locomo -- ${process.argv.slice(2).join(' ')}`;
    const provider = { embeddings: svc.embedderId, languageModel: svc.languageModel ?? null, stub: providerPath ? providerPath.counts() : null };
    if (providerPath) say(`provider stub answered ${JSON.stringify(provider.stub)} requests`);
    await writeResults(out, {
      command,
      neo4j: svc.neo4j,
      provider,
      budgets: args.budgets,
      conversations,
      ingestion: { wallSeconds: round(wall, 1), perConversation: ingestion },
      diagnosis,
      results,
    });
    say(`results written to ${path.relative(projectRoot, out)}`);
    const detailFile = path.join(projectRoot, 'bench', 'results', 'tmp', path.basename(out).replace(/\.json$/, '-detail.json'));
    await writeDetail(detailFile, conversations, results, derived, args.budgets, detailBudget);
    say(`texts for diagnosis written to ${path.relative(projectRoot, detailFile)} (not for committing)`);
  } finally {
    await svc.close();
    await providerPath?.close();
  }
}

interface Kept {
  savedAt: string;
  tenant: { tenantId: string; apiKey: string };
  wallSeconds: number;
  loaded: Array<Omit<Loaded, 'diaOf' | 'messageOf'> & { diaOf: Array<[string, string]> }>;
}

async function readKept(dir: string): Promise<Kept | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'keep.json'), 'utf8')) as Kept;
  } catch {
    return undefined;
  }
}

async function writeKept(dir: string, tenant: Kept['tenant'], loaded: Loaded[], wallSeconds: number): Promise<void> {
  const kept: Kept = {
    savedAt: new Date().toISOString(),
    tenant,
    wallSeconds,
    loaded: loaded.map(({ diaOf, messageOf: _messageOf, ...l }) => ({ ...l, diaOf: [...diaOf] })),
  };
  await writeFile(path.join(dir, 'keep.json'), JSON.stringify(kept));
}

function fromKept(kept: Kept, sampleId: string): Loaded {
  const l = kept.loaded.find((x) => x.sampleId === sampleId);
  if (!l) throw new Error(`--keep: ${sampleId} was not loaded into the kept database; delete the folder to load it again`);
  const diaOf = new Map(l.diaOf);
  return { ...l, diaOf, messageOf: new Map([...diaOf].map(([m, d]) => [d, m])) };
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
