// The shape of bench/results/bench-<date>.json: everything RESULTS.md shows is computed from this file alone.
import type { CpuFigures } from './cpu.js';
import type { LoadRun } from './load.js';
import type { LatencySummary, QueryDelta } from './stats.js';
import type { StoreSize } from './env.js';

export interface RetrievalRun extends LoadRun {
  route: string;
  /** Memories of the person asked about. */
  memories: number;
  /** People in the whole database at the time. */
  people: number;
  /** p50 and p95 divided by the floor's p50. */
  p50xFloor: number | null;
  p95xFloor: number | null;
  /** Neo4j time per query name during the measured run (c=1 runs). */
  queries?: QueryDelta[];
  /** What one sample answer held: items (context/items), nodes (query) or lines of the block (retrieve). */
  sampleItems: number;
  /** CPU per request during the measured run (/proc; null where a process is not local). */
  cpu?: CpuFigures;
}

export interface SeedStage {
  stage: string;
  people: number;
  memories: number;
  messages: number;
  seconds: number;
  memoriesPerSecond: number;
}

export interface BackgroundRun {
  messages: number;
  people: number;
  /** Concurrency of the enqueueing client. */
  connections: number;
  enqueueSeconds: number;
  /** From the first message sent to an empty queue for the tenant. */
  drainSeconds: number;
  messagesPerSecond: number;
  /** Messages still waiting when the last was acknowledged, and the pace they were processed at (null under 50). */
  backlogAtEnqueueEnd?: number;
  backlogPerSecond?: number | null;
  ack: LoadRun;
  statuses: Record<string, number>;
  failed: number;
  /** Neo4j time per message by query name, acknowledgements and processing together. */
  queries?: QueryDelta[];
}

/** A backlog stored at once (bench/cypher/enqueueBacklog.cypher) and the time until the worker drained it. */
export interface BacklogRun {
  messages: number;
  people: number;
  /** From the commit that stored the backlog to an empty queue for the tenant. */
  drainSeconds: number;
  messagesPerSecond: number;
  statuses: Record<string, number>;
  failed: number;
  /** Neo4j time per message by query name (processing only: nothing is acknowledged meanwhile). */
  queries?: QueryDelta[];
}

export interface BatchRun {
  calls: number;
  itemsPerCall: number;
  items: number;
  stored: number;
  failed: number;
  non2xx: number;
  wallSeconds: number;
  itemsPerSecond: number;
  callLatency: { p50: number; p95: number; max: number };
}

export interface LocomoSummary {
  file: string;
  command: string;
  seconds: number;
  questions: number;
  budgets: number[];
  categories: Record<string, string>;
  /** budget → method (memory, bm25, recency) → scores. */
  summary: Record<
    string,
    Record<
      string,
      {
        overall: number;
        byCategory: Record<string, number | null>;
        answer?: { overall: number; byCategory: Record<string, number | null> };
        meanTokens: number;
        questions: number;
      }
    >
  >;
  ingestion?: { wallSeconds: number };
}

export interface AfterWriteRun {
  route: string;
  memories: number;
  turns: number;
  /** The retrieval after each turn, c=1. */
  latency: LatencySummary;
  /** The turn before it (synchronous /ingest). */
  turnLatency: LatencySummary;
  failed: number;
  /** The retrievals' Neo4j time per request by query (the turns' queries left out). */
  queries: QueryDelta[];
  /** Turns and questions asked before, in rounds until Neo4j's compiler fell quiet on them, and its last figure. */
  warmup?: { turns: number; rounds: number; neo4jJitMsPerTurn: number | null };
  /** CPU per turn and question together, over the measured turns. */
  cpu?: CpuFigures;
}

export interface BenchResults {
  benchmark: string;
  date: string;
  command: string;
  /** The commit the run was built from, and whether the working tree had changes on top of it. */
  commit?: { id: string; dirty: boolean };
  mode: 'full' | 'quick';
  parts: string[];
  seed: number;
  wallSeconds: number;
  partSeconds: Record<string, number>;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryBytes: number;
    platform: string;
    node: string;
    neo4j?: { version: string; edition: string; where: string };
  };
  service?: {
    command: string;
    env: Record<string, string>;
    startMs?: number;
    /** From spawning to Neo4j having planned every query (on a Neo4j just started), in ms. */
    plansMs?: number;
    peakRssBytes: number | null;
    rssBytesAtEnd: number | null;
    logProblems: string[];
  };
  data?: {
    description: string;
    retrievalBudget: string;
    stages: SeedStage[];
    people: Record<string, number>;
  };
  floor?: LoadRun & { route: string };
  /** The warm-up before the retrieval runs: until Neo4j's JIT compiler threads fell quiet (or a bound of rounds). */
  steadyState?: { retrievals: number; rounds: number; neo4jJitMsPerRetrieval: number | null; quietBelowMs: number };
  retrieval?: RetrievalRun[];
  /** Retrieval right after a write, as in a conversation: each question follows a turn that changed the memory. */
  afterWrite?: AfterWriteRun[];
  ingest?: {
    sync?: LoadRun & { people: number };
    v2Ack?: LoadRun & { people: number; backlogDrainSeconds: number; queries?: QueryDelta[] };
    background?: BackgroundRun;
    backlog?: BacklogRun;
    batch?: BatchRun;
  };
  scale?: {
    byMemories: RetrievalRun[];
    byPeople: RetrievalRun[];
  };
  /** Neo4j store on disk: the empty database with migrations against the end of the run, both after a clean shutdown. */
  store?: {
    method: string;
    empty: StoreSize;
    final: StoreSize & { people: number; memories: number; messages: number };
    bytesPer1000Memories: number | null;
    indexBytesPer1000Memories: number | null;
  };
  storeNotMeasured?: string;
  locomo?: LocomoSummary | { skipped: string };
  /** Every run with a non-2xx response, an error or a timeout, and anything else that went wrong. */
  problems: string[];
}
