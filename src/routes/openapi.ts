// The OpenAPI 3.1 document of the whole service, public (no key), at one address under each route set so a
// client of either finds it next to its routes: GET /api/v1/openapi.json and GET /api/b2c/memory/openapi.json.
// The document is built from the endpoint definitions by src/contract/openapi.ts.
import { z } from 'zod';
import { openApiDocument } from '../contract/openapi.js';
import { endpoint, json } from './endpoint.js';
import { named } from './responses.js';

export const OPENAPI_PATHS = { v1: '/api/v1/openapi.json', b2c: '/api/b2c/memory/openapi.json' } as const;

export const OpenApiDocument = named(
  'OpenApiDocument',
  'This OpenAPI 3.1 document.',
  z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);

export const OPENAPI_ENDPOINTS = [OPENAPI_PATHS.v1, OPENAPI_PATHS.b2c].map((path, i) =>
  endpoint({
    method: 'get',
    path,
    operationId: i === 0 ? 'openapi' : 'b2cOpenapi',
    summary: 'This OpenAPI 3.1 document',
    description:
      'The whole document (both route sets, admin and operations), generated from the zod schemas the routes validate with. No key needed.',
    tag: 'Operations',
    security: 'public',
    request: {},
    responses: { 200: json(OpenApiDocument, 'The document.') },
    example: { response: { status: 200, body: { openapi: '3.1.0', info: { title: 'Memory middleware', version: '0.1.0' }, paths: {} } } },
    handler({ ctx, s }) {
      ctx.set('Cache-Control', 'public, max-age=300');
      return openApiDocument({ serverUrl: s.config.publicUrl }) as z.output<typeof OpenApiDocument>;
    },
  }),
);
