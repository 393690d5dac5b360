// Writes synthetic people into the graph with the bench seed queries (bench/cypher/seed*.cypher), in UNWIND batches,
// exactly as the write path would have left them: end user, domains, entities, source messages, facts, interests,
// vectors from the embedder the service runs with (the local model unless the run says otherwise). People are
// generated and written chunk by chunk (the next chunk is built while the previous one is written), so a thousand
// people never sit in memory at once.
import type { Graph } from '../../src/graph/graph.js';
import type { QueryName } from '../../src/graph/queries.js';
import type { Embedder, HashEmbedder } from '../../src/providers/embeddings.js';
import { generatePerson, type GenPerson } from './person.js';
import { saidText } from '../../src/ingest/plan.js';
import { standingOf } from '../../src/ingest/analysis/signals.js';

const q = (name: string) => name as QueryName;
const isoOf = (t: number) => new Date(t).toISOString();

export interface PersonSpec {
  userId: string;
  memories: number;
  /**
   * Vectors from the hashing embedder, stored under the model's id: for the people who only fill the database
   * (and its vector index), whose vectors no question of the run is compared with; the model would take minutes.
   */
  cheapVectors?: boolean;
}

export interface SeedTotals {
  people: number;
  memories: number;
  messages: number;
  ms: number;
}

interface Chunk {
  people: Record<string, unknown>[];
  domains: Record<string, unknown>[];
  entities: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  facts: Record<string, unknown>[];
  interests: Record<string, unknown>[];
  /** Rows waiting for the vector of their text (set on `embedding` before the chunk is written). */
  toEmbed: Array<{ row: Record<string, unknown>; text: string; cheap: boolean }>;
}

const emptyChunk = (): Chunk => ({ people: [], domains: [], entities: [], messages: [], facts: [], interests: [], toEmbed: [] });

/** Rows per transaction: facts carry a 384-number vector each, so fewer of them. */
const BATCH = { people: 2000, domains: 2000, entities: 1000, messages: 1000, facts: 500, interests: 1000 } as const;
/** Facts per chunk before it is written. */
const CHUNK_FACTS = 4000;

export class Seeder {
  constructor(
    private readonly bench: Graph,
    private readonly embedder: Embedder,
    private readonly cheap: HashEmbedder,
    private readonly baseSeed: number,
    private readonly now: number,
  ) {}

  /** Generates and writes the given people into one tenant; returns what was written. */
  async seed(tenantId: string, tenantLabel: string, specs: PersonSpec[], progress?: (line: string) => void): Promise<SeedTotals> {
    const started = performance.now();
    const totals: SeedTotals = { people: 0, memories: 0, messages: 0, ms: 0 };
    let chunk = emptyChunk();
    // Up to two chunks are written at once (different people, so independent): Neo4j uses both CPUs while the
    // next chunk is generated.
    const writing = new Set<Promise<void>>();
    const startWrite = (c: Chunk) => {
      const w: Promise<void> = this.embed(c)
        .then(() => this.write(tenantId, c))
        .finally(() => writing.delete(w));
      w.catch(() => {}); // rejections surface through race/all below; this only keeps a second one from going unhandled
      writing.add(w);
    };
    let lastReport = performance.now();
    for (const spec of specs) {
      const p = generatePerson({ seed: this.baseSeed, userId: spec.userId, memories: spec.memories, tenantLabel, now: this.now });
      this.addRows(chunk, p, spec.cheapVectors === true);
      totals.people++;
      totals.memories += p.memories;
      totals.messages += p.messages.length;
      if (chunk.facts.length >= CHUNK_FACTS) {
        while (writing.size >= 2) await Promise.race(writing);
        startWrite(chunk);
        chunk = emptyChunk();
        if (progress && performance.now() - lastReport > 15_000) {
          lastReport = performance.now();
          progress(
            `seeding: ${totals.people}/${specs.length} people, ${totals.memories} memories (${((performance.now() - started) / 1000).toFixed(0)} s)`,
          );
        }
      }
    }
    startWrite(chunk);
    await Promise.all(writing);
    totals.ms = Math.round(performance.now() - started);
    return totals;
  }

  private addRows(c: Chunk, p: GenPerson, cheap: boolean): void {
    const userId = p.userId;
    const vec = (row: Record<string, unknown>, text: string) => c.toEmbed.push({ row, text, cheap });
    c.people.push({ userId, createdAt: isoOf(p.createdAt), memoryVersion: p.memoryVersion });
    for (const d of p.domains)
      c.domains.push({ userId, id: d.id, name: d.name, createdAt: isoOf(d.createdAt), lastRelevantAt: isoOf(d.lastRelevantAt) });
    for (const e of p.entities) {
      const row: Record<string, unknown> = {
        userId,
        id: e.id,
        name: e.name,
        kind: e.kind,
        relation: e.relation,
        aliases: e.aliases,
        aliasText: [e.name, ...e.aliases].join(' '),
        gravity: e.gravity,
        domains: e.domains,
        summary: e.summary,
        createdAt: isoOf(e.createdAt),
        lastRelevantAt: isoOf(e.lastRelevantAt),
      };
      c.entities.push(row);
      vec(row, e.summary);
    }
    for (const m of p.messages) {
      const row: Record<string, unknown> = {
        userId,
        id: m.id,
        text: m.text,
        eventTime: isoOf(m.at),
        processedAt: isoOf(m.at + 1500),
        factsStored: m.facts,
      };
      c.messages.push(row);
      // As the write path leaves them: a vector for a message that left memories (WritePlan.said), none otherwise.
      if (m.facts > 0) vec(row, saidText(m.text));
    }
    for (const f of p.facts) {
      const s = f.scoring;
      const row: Record<string, unknown> = {
        userId,
        id: f.id,
        subjectId: f.subjectId,
        mentionIds: f.mentionIds,
        messageId: f.messageId,
        topic: f.topic,
        summary: f.summary,
        domain: f.domain,
        categories: s.categories,
        standing: standingOf(s.categories),
        s1: s.s1,
        s2: s.s2,
        s3: s.s3,
        s4: s.s4,
        s5: s.s5,
        baseScore: s.baseScore,
        decayModifier: s.decayModifier,
        spike: f.spike,
        spikeAt: f.spikeAt === null ? null : isoOf(f.spikeAt),
        processingCount: f.processingCount,
        createdAt: isoOf(f.createdAt),
        lastRelevantAt: isoOf(f.lastRelevantAt),
        eventDate: f.eventDate,
        datePrecision: f.datePrecision,
        fingerprint: f.fingerprint,
        polarity: f.polarity,
        keyWords: f.keyWords,
      };
      c.facts.push(row);
      vec(row, `${f.topic}. ${f.summary}`);
    }
    for (const i of p.interests) {
      const stage = i.evidence >= 4 ? 'persistent' : i.evidence >= 2 ? 'tentative' : 'ephemeral';
      const baseScore = (i.evidence >= 4 ? 0.7 : i.evidence >= 2 ? 0.5 : 0.3) + 0.2 * i.strength;
      const row: Record<string, unknown> = {
        userId,
        id: i.id,
        ownerId: i.ownerId,
        topicKey: i.key,
        topic: i.topic,
        summary: i.summary,
        domain: i.domain,
        evidence: i.evidence,
        strength: i.strength,
        stage,
        baseScore,
        createdAt: isoOf(i.createdAt),
        lastRelevantAt: isoOf(i.lastRelevantAt),
        messageIds: i.messageIds,
      };
      c.interests.push(row);
      vec(row, i.summary);
    }
  }

  /** The chunk's vectors, in one call: the model batches them in its own thread. Repeated texts are embedded once. */
  private async embed(c: Chunk): Promise<void> {
    const texts = [...new Set(c.toEmbed.filter((e) => !e.cheap).map((e) => e.text))];
    const vectors = await this.embedder.embed(texts);
    const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
    for (const { row, text, cheap } of c.toEmbed) row.embedding = cheap ? this.cheap.embedSync(text) : byText.get(text);
  }

  private async write(tenantId: string, c: Chunk): Promise<void> {
    const params = { tenantId, embeddingModel: this.embedder.id };
    for (const kind of ['people', 'domains', 'entities', 'messages', 'facts', 'interests'] as const) {
      const rows = c[kind];
      const name = `seed${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
      for (let i = 0; i < rows.length; i += BATCH[kind]) {
        const batch = rows.slice(i, i + BATCH[kind]);
        const [res] = await this.bench.write<{ created: number }>(q(name), { ...params, rows: batch }, { timeoutMs: 300_000 });
        if (res?.created !== batch.length) throw new Error(`${name}: wrote ${res?.created ?? 0} of ${batch.length} rows`);
      }
    }
  }
}
