// The MCP server over stdio (spec 4.E): a subprocess of a desktop host, talking to the memory service over REST
// with SVC_API_KEY. stdout carries MCP JSON-RPC and nothing else; every diagnostic goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { V1Client } from '../../client/src/v1.js';
import { createMemoryServer } from './tools.js';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/api/v1';

export interface StdioSettings {
  apiKey: string;
  baseUrl: string;
  defaultUserId?: string;
}

/** Reads SVC_API_KEY (required), SVC_BASE_URL and SVC_USER_ID; an error message names what is wrong. */
export function stdioSettings(env: NodeJS.ProcessEnv): StdioSettings | { error: string } {
  const apiKey = env.SVC_API_KEY?.trim();
  if (!apiKey) return { error: 'SVC_API_KEY is not set: give the v1 API key (mm_v1_…) of your tenant in the environment of this process.' };
  const baseUrl = env.SVC_BASE_URL?.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { error: `SVC_BASE_URL is not a URL: ${baseUrl}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `SVC_BASE_URL must be an http:// or https:// URL, got ${url.protocol}` };
  const defaultUserId = env.SVC_USER_ID?.trim() || undefined;
  if (defaultUserId && defaultUserId.length > 256) return { error: 'SVC_USER_ID must be at most 256 characters.' };
  return { apiKey, baseUrl, defaultUserId };
}

/** Serves the five tools on stdin/stdout until stdin closes or a signal arrives. */
export async function runStdioServer(settings: StdioSettings): Promise<void> {
  // Anything a library prints with console.log would corrupt the JSON-RPC stream: send it to stderr.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const client = new V1Client({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    // A tool call should not hang for minutes: one retry after 429/503, waiting at most 10 s.
    maxRetries: 1,
    maxRetryWaitSeconds: 10,
    // svc_ingest may wait 30 s for processing.
    timeoutMs: 45_000,
  });
  const server = createMemoryServer({ api: () => client, defaultUserId: settings.defaultUserId });
  const transport = new StdioServerTransport();
  let closing = false;
  const stop = (code: number) => {
    if (closing) return;
    closing = true;
    void server.close().finally(() => process.exit(code));
  };
  transport.onerror = (err) => console.error(`memory-middleware mcp: ${err.message}`);
  process.stdin.on('end', () => stop(0));
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  await server.connect(transport);
  console.error(
    `memory-middleware mcp: serving 5 tools on stdio for ${settings.baseUrl}${settings.defaultUserId ? ` (default user ${settings.defaultUserId})` : ''}`,
  );
}
