// Operator and onboarding routes outside the route sets: Prometheus metrics and the quickstart page.
import type { Services } from './context.js';
import type { Routes } from './registrar.js';

export function registerOpsRoutes(router: Routes, s: Services): void {
  router.get('/metrics', async (ctx) => {
    ctx.set('Content-Type', s.metrics.registry.contentType);
    ctx.body = await s.metrics.registry.metrics();
  });

  router.get('/docs/quickstart', (ctx) => {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = quickstart(s.config.publicUrl);
  });
}

function quickstart(origin: string): string {
  return `# Quickstart

Your key is the \`api_key\` of the signup answer; it was shown once. Send it as \`X-API-Key\`.

1. Before your model answers, ask for context:
   \`curl -s ${origin}/api/v1/context/items -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{"user_id":"u1","message":"What should I cook tonight?"}'\`
2. Put the returned sentences in your system prompt.
3. Call your model as before.
4. After the reply, send the turn:
   \`curl -s ${origin}/api/v1/ingest/v2 -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{"user_id":"u1","speaker":"user","message":"I am allergic to peanuts"}'\`

Usage and limits: \`GET ${origin}/api/v1/stats\`. Every response carries X-RateLimit-* headers and, during the trial, X-Trial-Days-Remaining.
`;
}
