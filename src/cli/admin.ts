#!/usr/bin/env node
// Operator CLI: `npm run admin -- create-key --route-set v1 --tenant-name "Acme" [--tier starter] [--label app]`,
// `npm run admin -- create-key --route-set b2c --tenant-id <id>`, `revoke-key --key-id <id>`, `show-tenant --tenant-id <id>`,
// `retrieval-params --tenant-id <id> --user-id <id> --question "…"` (Neo4j Browser parameters of retrievalCandidates.cypher).
import { z } from 'zod';
import { loadPersonForQuestion } from '../memory/person.js';
import { createEmbedder } from '../providers/embeddings.js';
import { IDENTITY_GRAVITY, questionOf, searchesOf } from '../retrieval/channels.js';
import { temporalFocus } from '../retrieval/temporal.js';
import { ROUTE_SETS } from '../tenants/keys.js';
import { TenantService } from '../tenants/tenants.js';
import { TIERS } from '../tenants/tiers.js';
import { fail, flags, withGraph } from './common.js';

const USAGE = `usage:
  admin create-key --route-set v1|b2c (--tenant-name NAME [--tier trial|starter|scale|enterprise] | --tenant-id ID) [--label LABEL]
  admin revoke-key --key-id ID
  admin show-tenant --tenant-id ID
  admin retrieval-params --tenant-id ID --user-id ID --question TEXT`;

const [command, ...rest] = process.argv.slice(2);
let opts: Record<string, string>;
try {
  opts = flags(rest);
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}

const CreateKey = z.object({
  'route-set': z.enum(ROUTE_SETS),
  'tenant-name': z.string().min(1).max(200).optional(),
  'tenant-id': z.uuid().optional(),
  tier: z.enum(TIERS).default('starter'),
  label: z.string().min(1).max(100).optional(),
});

await withGraph(async ({ graph }, config) => {
  const tenants = new TenantService(graph, 0);
  switch (command) {
    case 'create-key': {
      const parsed = CreateKey.safeParse(opts);
      if (!parsed.success) fail(`${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${USAGE}`);
      const o = parsed.data;
      if (!o['tenant-id'] && !o['tenant-name']) fail(`give --tenant-name or --tenant-id\n${USAGE}`);
      const issued = o['tenant-id']
        ? await tenants.addKey(o['tenant-id'], o['route-set'], o.label)
        : await tenants.createTenant({ name: o['tenant-name']!, routeSet: o['route-set'], tier: o.tier, keyLabel: o.label });
      console.log(
        JSON.stringify({ tenant_id: issued.tenantId, key_id: issued.keyId, key_prefix: issued.keyPrefix, api_key: issued.apiKey }, null, 2),
      );
      console.error('The api_key is shown only this once: store it now.');
      return;
    }
    case 'revoke-key': {
      if (!opts['key-id']) fail(USAGE);
      console.log(JSON.stringify(await tenants.revokeKey(opts['key-id']), null, 2));
      return;
    }
    case 'show-tenant': {
      if (!opts['tenant-id']) fail(USAGE);
      console.log(JSON.stringify(await tenants.getById(opts['tenant-id']), null, 2));
      return;
    }
    case 'retrieval-params': {
      const [tenantId, userId, question] = [opts['tenant-id'], opts['user-id'], opts.question?.trim()];
      if (!tenantId || !userId || !question) fail(USAGE);
      const owner = { tenantId, userId };
      const person = await loadPersonForQuestion(graph, owner, question, IDENTITY_GRAVITY);
      const { request } = questionOf(question, person.known, temporalFocus(question, new Date()), true);
      const embedder = createEmbedder(config);
      try {
        const [vector] = await embedder.embed([question]);
        const params = {
          tenantId,
          userId,
          embeddingModel: embedder.id,
          vector,
          ...searchesOf(owner, request),
          identity: true,
          entityIds: request.expandIds,
          dateFrom: request.range?.from ?? null,
          dateTo: request.range?.to ?? null,
        };
        // Browser reads each value as a Cypher expression: JSON strings, numbers, lists and null are ones.
        for (const [name, value] of Object.entries(params)) console.log(`:param ${name} => ${JSON.stringify(value)}`);
        console.error('Paste these into Neo4j Browser, then run cypher/browser/retrievalCandidates.cypher.');
      } finally {
        await embedder.close?.();
      }
      return;
    }
    default:
      fail(USAGE);
  }
}).catch((err: Error) => fail(`admin failed: ${err.message}`));
