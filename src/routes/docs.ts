// The pages for people: an index at /, the API reference at /docs (Swagger UI rendering this service's own
// OpenAPI document) and the quickstart as HTML. Swagger UI's files come from the swagger-ui-dist package and are
// served by fixed routes below: no CDN, and no path of the request ever reaches the file system.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Context } from 'koa';
import { marked } from 'marked';
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { OPENAPI_PATHS } from './openapi.js';

/**
 * The pages run Swagger UI's script and styles from this origin only; everything else stays as closed as the
 * API's own answers (default-src 'none'). Swagger UI sets inline styles and draws icons from data: URIs.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const HtmlPage = z.string().describe('An HTML page.');
export const Stylesheet = z.string().describe('CSS.');
export const Script = z.string().describe('JavaScript.');

/** The static files of the pages, by route: each is one known file, never a name taken from the request. */
export const DOCS_ASSETS = {
  '/docs/assets/swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  '/docs/assets/swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  '/docs/assets/reference.js': { file: null, type: 'text/javascript; charset=utf-8' },
} as const;

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// Started by the page (inline scripts are refused by the CSP): renders the document the service serves, with two
// changes for this view only. "Try it out" goes to the origin the page came from (PUBLIC_URL may name another
// host, which the CSP would refuse), and the document's explicit JSON Schema dialect (2020-12, which the OpenAPI
// 3.1 default dialect extends) is left out, since Swagger UI warns on any value but the default.
const REFERENCE_JS = `window.addEventListener('load', function () {
  fetch(${JSON.stringify(OPENAPI_PATHS.v1)})
    .then(function (r) { return r.json(); })
    .then(function (spec) {
      spec.servers = [{ url: window.location.origin, description: 'This service' }];
      delete spec.jsonSchemaDialect;
      window.ui = SwaggerUIBundle({
        spec: spec,
        dom_id: '#reference',
        deepLinking: true,
        docExpansion: 'list',
        defaultModelsExpandDepth: 0,
        presets: [SwaggerUIBundle.presets.apis],
        layout: 'BaseLayout'
      });
    });
});
`;

const loaded = new Map<string, string>();
function asset(file: string | null): string {
  const key = file ?? 'reference.js';
  let body = loaded.get(key);
  if (!body) loaded.set(key, (body = file ? readFileSync(path.join(swaggerDir, file), 'utf8') : REFERENCE_JS));
  return body;
}

const PAGE_STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1f24;line-height:1.5}
header{background:#1b1f24;color:#fff;padding:.7rem 1.5rem;display:flex;gap:1.5rem;align-items:baseline;flex-wrap:wrap}
header strong{font-size:1.1rem}header a{color:#cfe3ff}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 3rem}
pre{background:#f3f4f6;padding:.8rem;overflow-x:auto;border-radius:4px}code{font-family:ui-monospace,monospace;font-size:.9em}
li{margin:.3rem 0}`;

function page(title: string, main: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${title} · Memory middleware</title>
<style>${PAGE_STYLE}</style>
${head}</head>
<body>
<header><strong>Memory middleware</strong><a href="/docs">API reference</a><a href="/docs/quickstart">Quickstart</a><a href="${OPENAPI_PATHS.v1}">OpenAPI document</a></header>
${main}
</body>
</html>
`;
}

function html(ctx: Context, body: string): string {
  ctx.set('Content-Security-Policy', DOCS_CSP);
  ctx.type = 'text/html; charset=utf-8';
  return body;
}

export function quickstartMarkdown(origin: string): string {
  return `# Quickstart

Get a key: \`curl -s ${origin}/api/v1/trial/signup -H 'Content-Type: application/json' -d '{"company_name":"Acme","email":"dev@acme.example","name":"Ada"}'\`.
Your key is the \`api_key\` of the answer; it is shown once. Send it as \`X-API-Key\`.

1. Before your model answers, ask for context:
   \`curl -s ${origin}/api/v1/context/items -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{"user_id":"u1","message":"What should I cook tonight?"}'\`
2. Put the returned sentences in your system prompt.
3. Call your model as before.
4. After the reply, send the turn:
   \`curl -s ${origin}/api/v1/ingest/v2 -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{"user_id":"u1","speaker":"user","message":"I am allergic to peanuts"}'\`

Usage and limits: \`GET ${origin}/api/v1/stats\`. Every response carries X-RateLimit-* headers and, during the trial, X-Trial-Days-Remaining.

From TypeScript or JavaScript, the typed client \`@memory-middleware/client\` (the \`client/\` folder of the repository) does the same in a few lines.
Every route, with its fields and answers, is in the [API reference](/docs).
`;
}

const HOME = page(
  'Home',
  `<main>
<h1>Memory middleware</h1>
<p>A per-person memory for LLM applications: context before your model answers, the turn after, and controls for the people it remembers.</p>
<ul>
<li><a href="/docs">API reference</a>: every route, its fields and its answers.</li>
<li><a href="/docs/quickstart">Quickstart</a>: a key and the four-step loop with curl.</li>
<li><a href="${OPENAPI_PATHS.v1}">OpenAPI 3.1 document</a> (JSON).</li>
<li><a href="/api/v1/health">Health</a>.</li>
</ul>
</main>`,
);

const API_REFERENCE = page(
  'API reference',
  '<div id="reference"></div>\n<script src="/docs/assets/swagger-ui-bundle.js"></script>\n<script src="/docs/assets/reference.js"></script>',
  '<link rel="stylesheet" href="/docs/assets/swagger-ui.css">\n',
);

const htmlPage = (path: string, operationId: string, summary: string, description: string, render: (origin: string) => string) =>
  endpoint({
    method: 'get',
    path,
    operationId,
    summary,
    description: `${description} HTML, no key needed.`,
    tag: 'Documentation',
    security: 'public',
    request: {},
    responses: { 200: { schema: HtmlPage, description: 'An HTML page.', contentType: 'text/html; charset=utf-8' } },
    example: { response: { status: 200, body: '<!doctype html>\n<html lang="en">…</html>\n' } },
    handler: ({ ctx, s }) => html(ctx, render(s.config.publicUrl)),
  });

const assetFile = (path: keyof typeof DOCS_ASSETS, operationId: string, summary: string, schema: z.ZodString, example: string) =>
  endpoint({
    method: 'get',
    path,
    operationId,
    summary,
    description: 'A file of the API reference page, from the swagger-ui-dist package. No key needed; may be cached for an hour.',
    tag: 'Documentation',
    security: 'public',
    request: {},
    responses: { 200: { schema, description: 'The file.', contentType: DOCS_ASSETS[path].type } },
    example: { response: { status: 200, body: example } },
    handler({ ctx }) {
      // The same bytes for everyone until the next release.
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.type = DOCS_ASSETS[path].type;
      return asset(DOCS_ASSETS[path].file);
    },
  });

export const DOCS_ENDPOINTS = [
  htmlPage('/', 'home', 'The home page', 'Links to the API reference, the quickstart, the OpenAPI document and health.', () => HOME),
  htmlPage(
    '/docs',
    'apiReference',
    'The API reference',
    'Every route of this document, rendered by Swagger UI from GET /api/v1/openapi.json (its files are served by this service).',
    () => API_REFERENCE,
  ),
  htmlPage(
    '/docs/quickstart',
    'quickstart',
    'The quickstart page',
    'A key and the four-step loop with curl (the signup answer links it).',
    (origin) => page('Quickstart', `<main>\n${marked.parse(quickstartMarkdown(origin), { async: false })}</main>`),
  ),
  assetFile('/docs/assets/swagger-ui.css', 'docsStylesheet', "Swagger UI's stylesheet", Stylesheet, '.swagger-ui{…}'),
  assetFile('/docs/assets/swagger-ui-bundle.js', 'docsRenderer', 'Swagger UI', Script, '/*! …*/'),
  assetFile('/docs/assets/reference.js', 'docsStart', 'The script that starts Swagger UI on this document', Script, 'window.addEventListener(…);'),
];
