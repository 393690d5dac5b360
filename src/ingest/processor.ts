// Turns one stored message into memories: person context → offline analysis (→ model classification of what
// stayed ambiguous, when a provider is configured) → plan → embeddings → one write transaction.
import neo4j from 'neo4j-driver';
import type { Graph, GraphTx } from '../graph/graph.js';
import { loadPerson, type PersonContext } from '../memory/person.js';
import type { ProfileService } from '../tenants/profiles.js';
import { fingerprintWords } from '../text/words.js';
import type { Logger } from '../log.js';
import type { EmbedderWithOfflineFallback } from '../providers/embeddings.js';
import type { LanguageModel } from '../providers/llm.js';
import { classifyEntities } from '../providers/classify.js';
import type { Principal } from '../tenants/tenants.js';
import { gravityFor } from './analysis/analyse.js';
import { analyseInProcess, type Analyser } from './analysisThreads.js';
import type { Analysis, AnalysisContext, EarlierTurn } from './analysis/types.js';
import { query } from '../graph/queries.js';
import { RELATIONS, type Relation } from './analysis/types.js';
import { attachEmbeddings, embeddingTexts, planWrite, saidText, type PlanOptions, type WritePlan } from './plan.js';
import { finishPersonWrite, writePlan, writePlansMemories, type WriteResult } from './writer.js';
import type { Speaker } from './messages.js';

export type Owner = Pick<Principal, 'tenantId' | 'tier' | 'limits'>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One message to plan, with its own options. */
export type PlanInput = PlanOptions & {
  text: string;
  speaker: Speaker;
  eventTime: Date;
  useModel?: boolean;
  speakerName?: string;
  /** The stored message's id: the analysis then reads the message before it (the question a short answer answers). */
  messageId?: string;
};

const PREVIOUS_MESSAGES = query('messages/previousMessages', { hot: true });
/** How many messages before each one the analysis reads: the one it may answer, and those a "she" may reach back to. */
const TURNS_READ_BEFORE = 4;

/** What a later message of the same batch must know of an earlier plan: the entities it adds, the facts it files. */
function learnFromPlan(person: PersonContext, plan: WritePlan): void {
  const byId = new Map(person.known.map((k) => [k.id, k]));
  for (const e of plan.entities) {
    const known = byId.get(e.id);
    if (known) known.aliases = [...new Set([...known.aliases, ...e.aliases])];
    else {
      const added = { id: e.id, name: e.name, kind: e.kind, relation: e.relation, aliases: e.aliases, gravity: e.gravity, facets: 0 };
      person.known.push(added);
      byId.set(e.id, added);
    }
  }
  for (const f of plan.facts) {
    const subject = byId.get(f.subjectId);
    if (subject) subject.facets++;
  }
  for (const c of plan.relationChanges ?? []) {
    const known = byId.get(c.id);
    if (known) known.relation = c.relation;
  }
  // The turn that reinforced the last injected context consumed it.
  if (plan.reinforce) person.injected = [];
}

export class MemoryProcessor {
  constructor(
    private readonly graph: Graph,
    /** A failing embedding provider never keeps a message from being processed: its memories get local vectors. */
    private readonly embeddings: EmbedderWithOfflineFallback,
    /** Classifies the names offline extraction leaves ambiguous; none when no provider key is set. */
    readonly llm: LanguageModel | undefined,
    private readonly log: Logger,
    private readonly profiles: ProfileService,
    /** Where the CPU-bound analysis runs: analysis threads in the service (src/ingest/analysisThreads.ts). */
    private readonly analyse: Analyser = analyseInProcess,
  ) {}

  /** Everything before the write transaction: reads, analysis, optional model call, embeddings. */
  async prepare(
    tenantId: string,
    userId: string,
    text: string,
    speaker: Speaker,
    eventTime: Date,
    opts: PlanOptions & { useModel?: boolean; speakerName?: string; messageId?: string } = {},
  ): Promise<WritePlan> {
    const [plan] = await this.prepareSequence(tenantId, userId, [{ text, speaker, eventTime, ...opts }]);
    return plan!;
  }

  /**
   * Plans for messages of one person, in order, from one read of the person: each plan sees the entities the
   * earlier ones introduce, as if they had been processed one after the other, and all are embedded in one call.
   */
  async prepareSequence(tenantId: string, userId: string, messages: PlanInput[]): Promise<WritePlan[]> {
    const [person, profile, previous] = await Promise.all([
      loadPerson(this.graph, tenantId, userId),
      this.profiles.get(tenantId),
      this.previousOf(tenantId, userId, messages),
    ]);
    const plans: WritePlan[] = [];
    for (const [i, m] of messages.entries()) {
      // When the analysis runs in process, requests waiting on the event loop go first between messages.
      if (i > 0) await yieldToEventLoop();
      const ctx: AnalysisContext = { speaker: m.speaker, eventTime: m.eventTime, known: person.known, speakerName: m.speakerName };
      const [before, ...earlier] = (m.messageId && previous.get(m.messageId)) || [];
      if (before) ctx.previous = before;
      if (earlier.length) ctx.earlier = earlier;
      const analysis = await this.analyse(m.text, ctx);
      if (m.useModel && this.llm) await this.settleAmbiguous(analysis);
      const plan = planWrite(analysis, person, { ...m, flagContradictions: profile.contradictionFlagging });
      // Only a turn that left memories: the channel searching messages by meaning answers with their memories.
      if (m.messageId && m.text.trim() && (plan.facts.length || plan.interests.length))
        plan.said = { messageId: m.messageId, text: saidText(m.text, m.speakerName) };
      if (m.speaker === 'user' && person.injected.length && !plan.withheld)
        plan.reinforce = {
          entityIds: plan.entities.filter((e) => e.kind !== 'self' && !e.isNew).map((e) => e.id),
          words: [...new Set(fingerprintWords(m.text).filter((w) => w.length >= 5))].slice(0, 30),
        };
      plans.push(plan);
      if (messages.length > 1) learnFromPlan(person, plan);
    }
    const texts = plans.map(embeddingTexts);
    if (texts.some((t) => t.length)) {
      const { vectors, embedderId } = await this.embeddings.embed(texts.flat());
      let at = 0;
      for (const [i, plan] of plans.entries()) {
        attachEmbeddings(plan, vectors.slice(at, (at += texts[i]!.length)));
        plan.embedderId = embedderId;
      }
    }
    return plans;
  }

  /** The messages before each stored one, nearest first, in one read (see messages/previousMessages.cypher). */
  private async previousOf(tenantId: string, userId: string, messages: PlanInput[]): Promise<Map<string, EarlierTurn[]>> {
    const messageIds = messages.flatMap((m) => (m.messageId ? [m.messageId] : []));
    if (!messageIds.length) return new Map();
    type Said = { id: string; text: string | null; speaker: Speaker; speakerName: string | null };
    const rows = await this.graph.read<{ messageId: string; before: Said[] }>(PREVIOUS_MESSAGES, {
      tenantId,
      userId,
      messageIds,
      count: neo4j.int(TURNS_READ_BEFORE),
    });
    // A message with no text (erased, or never kept) ends what is known of the conversation before.
    const turns = (said: Said[]) => {
      const end = said.findIndex((p) => !p.text);
      return (end < 0 ? said : said.slice(0, end)).map((p) => ({
        messageId: p.id,
        text: p.text!,
        speaker: p.speaker,
        ...(p.speakerName ? { speakerName: p.speakerName } : {}),
      }));
    };
    return new Map(rows.map((r) => [r.messageId, turns(r.before)]));
  }

  /** One message's complete write. */
  write(tx: GraphTx, who: Owner, userId: string, messageId: string, plan: WritePlan): Promise<WriteResult> {
    return writePlan(tx, who, userId, messageId, plan, plan.embedderId ?? this.embeddings.primary.id);
  }

  /**
   * Several messages of one person in one transaction: their memories (one statement per kind for all of them), then
   * the person's own node once. `afterMemories` runs between the two (tests act there, mid-transaction).
   */
  async writeTogether(
    tx: GraphTx,
    who: Owner,
    userId: string,
    messages: Array<{ messageId: string; plan: WritePlan }>,
    afterMemories?: () => Promise<void>,
  ): Promise<void> {
    const fallbackModel = this.embeddings.primary.id;
    await writePlansMemories(
      tx,
      who,
      userId,
      messages.map(({ messageId, plan }) => ({ messageId, plan, embeddingModel: plan.embedderId ?? fallbackModel })),
    );
    await afterMemories?.();
    await finishPersonWrite(
      tx,
      who,
      userId,
      messages.map((m) => m.plan),
    );
  }

  /** Tier 3 of extraction: a language model classifies names the offline tiers could not. Failures keep the guess. */
  private async settleAmbiguous(analysis: Analysis): Promise<void> {
    const ambiguous = analysis.entities.filter((e) => e.ambiguous && !e.existingId);
    if (!ambiguous.length || !this.llm) return;
    const sentenceOf = (key: string) => analysis.facts.find((f) => f.subjectKey === key || f.mentionKeys.includes(key))?.text ?? '';
    const answers = await classifyEntities(
      this.llm,
      ambiguous.map((e) => ({ name: e.name, sentence: sentenceOf(e.key) })),
    );
    for (const a of answers) {
      const e = ambiguous.find((x) => x.name.toLowerCase() === a.name.toLowerCase());
      if (!e) continue;
      e.kind = a.kind;
      // Only values from our own allow-list ever reach the graph.
      if (a.relation && (RELATIONS as readonly string[]).includes(a.relation)) e.relation = a.relation as Relation;
      e.gravity = Math.max(e.gravity, gravityFor(e.kind, e.relation));
      e.ambiguous = false;
    }
    this.log.debug('model settled ambiguous entities', { asked: ambiguous.length, answered: answers.length });
  }
}
