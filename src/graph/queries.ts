// Every query the service runs lives in cypher/queries/<feature>/<name>.cypher and is referred to by name.
// Modules declare the names they use at load time; start-up fails when one is missing.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type QueryName = string & { readonly __query: unique symbol };

const declared = new Set<string>();
const hot = new Set<string>();

/**
 * Declares that this module runs the named query; returns the name for use with Graph.read/write. `hot` when a
 * caller waits for it (a retrieval, an acknowledgement): Neo4j plans it first when the service starts (warmQueryPlans).
 */
export function query(name: string, o: { hot?: boolean } = {}): QueryName {
  declared.add(name);
  if (o.hot) hot.add(name);
  return name as QueryName;
}

export function declaredQueries(): string[] {
  return [...declared].sort();
}

export function hotQueries(): string[] {
  return [...hot].sort();
}

export class QueryRegistryError extends Error {}

export class QueryRegistry {
  private constructor(
    private readonly texts: ReadonlyMap<string, string>,
    readonly files: ReadonlyMap<string, string>,
  ) {}

  static async load(dir: string): Promise<QueryRegistry> {
    const texts = new Map<string, string>();
    const files = new Map<string, string>();
    const lowerNames = new Map<string, string>();
    for (const file of await listCypherFiles(dir)) {
      const name = path
        .relative(dir, file)
        .replace(/\\/g, '/')
        .replace(/\.cypher$/, '');
      const clash = lowerNames.get(name.toLowerCase());
      if (clash) throw new QueryRegistryError(`Duplicate query name: ${clash} and ${name} differ only in case`);
      lowerNames.set(name.toLowerCase(), name);
      const text = statementText(await readFile(file, 'utf8'));
      if (!text) throw new QueryRegistryError(`Query file is empty: ${file}`);
      texts.set(name, text);
      files.set(name, file);
    }
    return new QueryRegistry(texts, files);
  }

  /** Throws naming every declared query that has no file. */
  verify(required: Iterable<string> = declaredQueries()): void {
    const missing = [...required].filter((name) => !this.texts.has(name));
    if (missing.length) throw new QueryRegistryError(`Missing query files: ${missing.join(', ')}`);
  }

  get(name: string): string {
    const text = this.texts.get(name);
    if (text === undefined) throw new QueryRegistryError(`Unknown query: ${name}`);
    return text;
  }

  names(): string[] {
    return [...this.texts.keys()].sort();
  }
}

/**
 * What is sent to Neo4j for a file: its statement without the comment lines, indentation and trailing semicolon. A
 * query's text crosses Bolt with every run, and comments would only add to what each retrieval writes to the socket.
 */
export function statementText(file: string): string {
  return file
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n')
    .replace(/;\s*$/, '');
}

async function listCypherFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listCypherFiles(full)));
    else if (entry.name.endsWith('.cypher')) out.push(full);
  }
  return out.sort();
}
