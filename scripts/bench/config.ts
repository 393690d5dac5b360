// Command-line options of `npm run bench` and the sizes of a full and a quick run.

export const PARTS = ['floor', 'retrieval', 'ingest', 'scale', 'locomo'] as const;
export type Part = (typeof PARTS)[number];

export interface Sizes {
  /** Memories per person for the scale table (c=1 /context/items). */
  personSizes: number[];
  /** The two people retrieval is measured for (500 and 5,000 in a full run). */
  retrievalSizes: [number, number];
  /** People in the database at the three growth steps; retrieval runs at the second (at least 100 people). */
  growth: [number, number, number];
  /** Memories of the other people: log-uniform between these. */
  filler: { min: number; max: number };
  floor: { requests: number; warmup: number };
  c1: { requests: number; warmup: number };
  c16: { requests: number; warmup: number };
  scale: { requests: number; warmup: number };
  /** Turns (a write, then a retrieval) for each retrieval size, after `warmup` turns not measured. */
  afterWrite: { turns: number; warmup: number };
  ingestSync: { requests: number; warmup: number; people: number };
  ingestV2: { requests: number; warmup: number; people: number };
  background: { messages: number; people: number; connections: number };
  /** Pending messages stored at once for people who exist: the worker's pace alone. */
  backlog: { messages: number; people: number };
  batch: { calls: number; items: number; people: number };
  /** LoCoMo conversations (file names under ../shared/bench/locomo). */
  locomo: string[];
}

export const FULL: Sizes = {
  personSizes: [100, 500, 1000, 5000],
  retrievalSizes: [500, 5000],
  growth: [10, 100, 1000],
  filler: { min: 10, max: 200 },
  floor: { requests: 1000, warmup: 100 },
  c1: { requests: 300, warmup: 30 },
  c16: { requests: 320, warmup: 32 },
  scale: { requests: 200, warmup: 20 },
  afterWrite: { turns: 100, warmup: 20 },
  ingestSync: { requests: 300, warmup: 20, people: 20 },
  ingestV2: { requests: 500, warmup: 50, people: 20 },
  background: { messages: 1000, people: 50, connections: 16 },
  backlog: { messages: 1000, people: 50 },
  batch: { calls: 5, items: 100, people: 10 },
  locomo: ['conv-26.json', 'conv-30.json', 'conv-41.json'],
};

export const QUICK: Sizes = {
  personSizes: [100, 500, 1000],
  retrievalSizes: [500, 1000],
  growth: [10, 30, 60],
  filler: { min: 10, max: 60 },
  floor: { requests: 200, warmup: 20 },
  c1: { requests: 40, warmup: 5 },
  c16: { requests: 64, warmup: 16 },
  scale: { requests: 30, warmup: 5 },
  afterWrite: { turns: 20, warmup: 5 },
  ingestSync: { requests: 30, warmup: 5, people: 5 },
  ingestV2: { requests: 50, warmup: 10, people: 5 },
  background: { messages: 100, people: 10, connections: 16 },
  backlog: { messages: 100, people: 10 },
  batch: { calls: 1, items: 100, people: 2 },
  locomo: ['conv-30.json'],
};

export interface Options {
  quick: boolean;
  parts: Set<Part>;
  seed: number;
  out?: string;
  /** A directory for the service's V8 CPU profile (`node --cpu-prof`), written when the service stops. */
  profileDir?: string;
  /** The service's embedder and the seeded vectors': the local model by default, as the service runs offline. */
  embeddings: 'local' | 'hash';
  sizes: Sizes;
}

export const USAGE = `usage: npm run bench -- [--quick] [--only ${PARTS.join(',')}] [--skip-locomo] [--seed N] [--out <file.json>] [--profile <dir>] [--embeddings local|hash]`;

export function parseOptions(argv: string[]): Options {
  let quick = false;
  let only: Part[] | undefined;
  let skipLocomo = false;
  let seed = 7;
  let out: string | undefined;
  let profileDir: string | undefined;
  let embeddings: Options['embeddings'] = 'local';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--quick') quick = true;
    else if (a === '--skip-locomo') skipLocomo = true;
    else if (a === '--only' || a.startsWith('--only=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      const names = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = names.filter((n) => !(PARTS as readonly string[]).includes(n));
      if (!names.length || bad.length)
        throw new Error(
          `--only: ${bad.length ? `unknown part ${bad.join(', ')}` : 'name at least one part'}; parts are ${PARTS.join(', ')}\n${USAGE}`,
        );
      only = names as Part[];
    } else if (a === '--seed') {
      seed = Number(argv[++i]);
      if (!Number.isInteger(seed)) throw new Error(`--seed: a whole number\n${USAGE}`);
    } else if (a === '--out') {
      out = argv[++i];
      if (!out) throw new Error(`--out: a file name\n${USAGE}`);
    } else if (a === '--profile') {
      profileDir = argv[++i];
      if (!profileDir) throw new Error(`--profile: a directory\n${USAGE}`);
    } else if (a === '--embeddings') {
      const v = argv[++i];
      if (v !== 'local' && v !== 'hash') throw new Error(`--embeddings: local or hash\n${USAGE}`);
      embeddings = v;
    } else if (a === '--help' || a === '-h') throw new Error(USAGE);
    else throw new Error(`Unknown option ${a}\n${USAGE}`);
  }
  const parts = new Set<Part>(only ?? PARTS);
  if (skipLocomo) parts.delete('locomo');
  return { quick, parts, seed, out, profileDir, embeddings, sizes: quick ? QUICK : FULL };
}
