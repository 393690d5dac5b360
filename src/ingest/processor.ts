// Turns one stored message into memories: person context → offline analysis (→ model classification of what
// stayed ambiguous, when a provider is configured) → plan → embeddings → one write transaction.
import type { Graph, GraphTx } from '../graph/graph.js';
import { loadPerson } from '../memory/person.js';
import type { ProfileService } from '../tenants/profiles.js';
import { contentWords } from './fingerprint.js';
import type { Logger } from '../log.js';
import type { EmbedderWithOfflineFallback } from '../providers/embeddings.js';
import type { LanguageModel } from '../providers/llm.js';
import { classifyEntities } from '../providers/classify.js';
import type { Principal } from '../tenants/tenants.js';
import { analyseMessage, gravityFor } from './analysis/analyse.js';
import type { Analysis } from './analysis/types.js';
import { RELATIONS, type Relation } from './analysis/types.js';
import { attachEmbeddings, embeddingTexts, planWrite, type PlanOptions, type WritePlan } from './plan.js';
import { writePlan, type WriteResult } from './writer.js';
import type { Speaker } from './messages.js';

export type Owner = Pick<Principal, 'tenantId' | 'tier' | 'limits'>;

export class MemoryProcessor {
  constructor(
    private readonly graph: Graph,
    /** A failing embedding provider never keeps a message from being processed: its memories get local vectors. */
    private readonly embeddings: EmbedderWithOfflineFallback,
    private readonly llm: LanguageModel | undefined,
    private readonly log: Logger,
    private readonly profiles: ProfileService,
  ) {}

  /** Everything before the write transaction: reads, analysis, optional model call, embeddings. */
  async prepare(
    tenantId: string,
    userId: string,
    text: string,
    speaker: Speaker,
    eventTime: Date,
    opts: PlanOptions & { useModel?: boolean; speakerName?: string } = {},
  ): Promise<WritePlan> {
    const [person, profile] = await Promise.all([loadPerson(this.graph, tenantId, userId), this.profiles.get(tenantId)]);
    const analysis = analyseMessage(text, { speaker, eventTime, known: person.known, speakerName: opts.speakerName });
    if (opts.useModel && this.llm) await this.settleAmbiguous(analysis);
    const plan = planWrite(analysis, person, { ...opts, flagContradictions: profile.contradictionFlagging });
    if (speaker === 'user' && person.injected.length)
      plan.reinforce = {
        entityIds: plan.entities.filter((e) => e.kind !== 'self' && !e.isNew).map((e) => e.id),
        words: [...new Set(contentWords(text).filter((w) => w.length >= 5))].slice(0, 30),
      };
    const texts = embeddingTexts(plan);
    if (texts.length) {
      const { vectors, embedderId } = await this.embeddings.embed(texts);
      attachEmbeddings(plan, vectors);
      plan.embedderId = embedderId;
    }
    return plan;
  }

  write(tx: GraphTx, who: Owner, userId: string, messageId: string, plan: WritePlan): Promise<WriteResult> {
    return writePlan(tx, who, userId, messageId, plan, plan.embedderId ?? this.embeddings.primary.id);
  }

  /** Tier 3 of extraction: a language model classifies names the offline tiers could not. Failures keep the guess. */
  private async settleAmbiguous(analysis: Analysis): Promise<void> {
    const ambiguous = analysis.entities.filter((e) => e.ambiguous && !e.existingId);
    if (!ambiguous.length || !this.llm) return;
    const sentenceOf = (key: string) => analysis.facts.find((f) => f.subjectKey === key || f.mentionKeys.includes(key))?.text ?? '';
    const answers = await classifyEntities(this.llm, ambiguous.map((e) => ({ name: e.name, sentence: sentenceOf(e.key) })));
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
