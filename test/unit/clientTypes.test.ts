// The client package's types are generated from the service's OpenAPI document; a route or contract schema
// changed without generating them again would let the published client drift from the service.
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../../scripts/client-types.js';

describe('client package types', () => {
  it('client/src/openapi.ts is what `npm run client:types` generates from the OpenAPI document today', async () => {
    const expected = await clientTypesSource();
    const actual = await readFile(CLIENT_TYPES_FILE, 'utf8');
    expect(actual === expected, 'client/src/openapi.ts is stale: run `npm run client:types` and commit the result').to.equal(true);
  });
});
