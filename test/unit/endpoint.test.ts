// The endpoint definition (src/routes/endpoint.ts): what a handler returns is sent with the status it belongs to,
// and an answer that does not fit its response schema does not compile (the @ts-expect-error lines below fail the
// build if the compiler ever accepts them).
import { expect } from 'chai';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Services } from '../../src/routes/context.js';
import { answer, endpoint, json, koaHandler } from '../../src/routes/endpoint.js';

const Ok = z.strictObject({ status: z.literal('ok'), count: z.number() });
const Gone = z.strictObject({ gone: z.literal(true) });
const base = {
  method: 'post',
  path: '/api/v1/example/{id}',
  operationId: 'example',
  summary: 'An example',
  description: 'An example.',
  tag: 'Account',
  security: 'v1Key',
  example: { response: { status: 200, body: { status: 'ok', count: 1 } } },
} as const;
const Body = z.object({ n: z.number() });
const Params = z.object({ id: z.string().min(2, 'must be at least 2 characters') });

function fakeContext(body: unknown, params: Record<string, string> = { id: 'abc' }): Context {
  return {
    request: { body, rawBody: JSON.stringify(body) },
    params,
    query: {},
    state: { principal: { tenantId: 't' }, requestId: 'r' },
  } as unknown as Context;
}
const services = {} as Services;

describe('endpoint definitions', () => {
  it('sends a bare body with the only status declared, and answer(status, body) with its own', async () => {
    const one = endpoint({
      ...base,
      request: { body: Body },
      responses: { 201: json(Ok, 'Made.') },
      handler: ({ body }) => ({ status: 'ok' as const, count: body().n }),
    });
    const ctx = fakeContext({ n: 3 });
    await koaHandler(one, services)(ctx);
    expect([ctx.status, ctx.body]).to.deep.equal([201, { status: 'ok', count: 3 }]);

    const two = endpoint({
      ...base,
      request: { body: Body, params: Params },
      responses: { 200: json(Ok, 'Here.'), 410: json(Gone, 'Gone.') },
      handler: ({ body, param }) =>
        body().n > 0 ? answer(200, { status: 'ok' as const, count: param('id').length }) : answer(410, { gone: true as const }),
    });
    const gone = fakeContext({ n: 0 });
    await koaHandler(two, services)(gone);
    expect([gone.status, gone.body]).to.deep.equal([410, { gone: true }]);
    const here = fakeContext({ n: 1 });
    await koaHandler(two, services)(here);
    expect([here.status, here.body]).to.deep.equal([200, { status: 'ok', count: 3 }]);
  });

  it('parses input with the schemas the definition declares: a bad field is a 400 naming it', async () => {
    const e = endpoint({
      ...base,
      request: { body: Body, params: Params },
      responses: { 200: json(Ok, 'Here.') },
      handler: ({ param }) => ({ status: 'ok' as const, count: param('id').length }),
    });
    const err = await koaHandler(e, services)(fakeContext({ n: 1 }, { id: 'x' })).catch((x: unknown) => x);
    expect(err).to.include({ status: 400 });
    expect((err as Error).message).to.include('id');
  });

  it('derives the error answers from what the definition declares', () => {
    const e = endpoint({
      ...base,
      request: { body: Body },
      responses: { 200: json(Ok, 'Here.') },
      errors: { '404': 'None.' },
      handler: () => ({ status: 'ok' as const, count: 1 }),
    });
    expect(Object.keys(e.responses)).to.deep.equal(['200', '400', '401', '403', '404', '413', '415', '429', 'default']);
  });

  it('refuses at compile time an answer that does not fit its schema', () => {
    endpoint({
      ...base,
      request: {},
      responses: { 200: json(Ok, 'Here.') },
      // @ts-expect-error count must be a number
      handler: () => ({ status: 'ok' as const, count: '1' }),
    });
    endpoint({
      ...base,
      request: {},
      responses: { 200: json(Ok, 'Here.') },
      // @ts-expect-error a field of the schema is missing
      handler: () => ({ status: 'ok' as const }),
    });
    endpoint({
      ...base,
      request: {},
      responses: { 200: json(Ok, 'Here.'), 410: json(Gone, 'Gone.') },
      // @ts-expect-error with two statuses the handler must say which one it answers
      handler: () => ({ status: 'ok' as const, count: 1 }),
    });
    endpoint({
      ...base,
      request: {},
      responses: { 200: json(Ok, 'Here.'), 410: json(Gone, 'Gone.') },
      // @ts-expect-error the body of 410 is not the body of 200
      handler: () => answer(410, { status: 'ok' as const, count: 1 }),
    });
  });
});
