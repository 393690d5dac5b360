#!/usr/bin/env node
// `memory-middleware <command>`: the package's command-line entry. `memory-middleware mcp` serves the MCP tools on
// stdio for desktop hosts (spec 4.E); stdout then belongs to the MCP protocol, so messages go to stderr.
import { runStdioServer, stdioSettings, DEFAULT_BASE_URL } from '../mcp/stdio.js';
import { version } from '../version.js';

const USAGE = `usage: memory-middleware <command>

commands:
  mcp          serve the memory tools (svc_ingest, svc_context, svc_query, svc_entities, svc_delete)
               as an MCP server on stdin/stdout, talking to the memory service over REST
  help         show this help (also --help, -h)
  version      print the version (also --version)

environment of \`mcp\`:
  SVC_API_KEY   required: the v1 API key (mm_v1_…) of your tenant
  SVC_USER_ID   optional: the default end user; a tool call may name another with user_id
  SVC_BASE_URL  optional: the service's v1 base URL (default ${DEFAULT_BASE_URL})`;

const [command, ...rest] = process.argv.slice(2);

switch (command) {
  case 'mcp': {
    if (rest.includes('--help') || rest.includes('-h')) {
      console.log(USAGE);
      break;
    }
    if (rest.length) {
      console.error(`memory-middleware mcp takes no arguments (got ${rest.join(' ')}); it is configured by the environment.\n\n${USAGE}`);
      process.exit(2);
    }
    const settings = stdioSettings(process.env);
    if ('error' in settings) {
      console.error(`memory-middleware mcp: ${settings.error}`);
      process.exit(1);
    }
    await runStdioServer(settings).catch((err: Error) => {
      console.error(`memory-middleware mcp failed: ${err.message}`);
      process.exit(1);
    });
    break;
  }
  case 'help':
  case '--help':
  case '-h':
    console.log(USAGE);
    break;
  case 'version':
  case '--version':
  case '-v':
    console.log(version);
    break;
  case undefined:
    console.error(USAGE);
    process.exit(2);
    break;
  default:
    console.error(`unknown command: ${command}\n\n${USAGE}`);
    process.exit(2);
}
