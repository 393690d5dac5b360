// Shared set-up for the operator CLIs: configuration, a quiet logger, the graph (local or NEO4J_URI).
import { loadConfigOrExit, type Config } from '../config.js';
import { createLogger, type Logger } from '../log.js';
import { openGraph, type OpenGraph } from '../runtime.js';

export async function withGraph(work: (g: OpenGraph, config: Config, log: Logger) => Promise<void>): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const opened = await openGraph(config, log);
  try {
    await work(opened, config, log);
  } finally {
    await opened.close();
  }
}

/** --name value pairs after the command word. */
export function flags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`Unexpected argument: ${a}`);
    const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) out[name] = inline;
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      out[name] = value;
      i++;
    }
  }
  return out;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
