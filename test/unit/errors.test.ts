import { expect } from 'chai';
import { z } from 'zod';
import { AppError, renderError, validationError } from '../../src/http/errors.js';

describe('error formats', () => {
  const schema = z.object({ user_id: z.string(), top_k: z.number().int().max(50).optional() });

  it('name a missing field, with a MISSING_ code for b2c clients', () => {
    const parsed = schema.safeParse({});
    const err = validationError(parsed.error!);
    expect(err.status).to.equal(400);
    expect(err.message).to.equal("Invalid request: 'user_id' is required.");
    expect(err.code).to.equal('MISSING_USER_ID');
    expect(renderError('v1', err)).to.deep.equal({ error: { code: 'INVALID_REQUEST', message: err.message } });
    expect(renderError('b2c', err)).to.deep.equal({ error: err.message, code: 'MISSING_USER_ID' });
    expect(renderError('sentence', err)).to.deep.equal({ error: err.message });
  });

  it('name a field with a bad value', () => {
    const err = validationError(schema.safeParse({ user_id: 'u', top_k: 500 }).error!);
    expect(err.message).to.match(/'top_k':/);
    expect(err.code).to.equal('INVALID_REQUEST');
  });

  it('b2c key failures carry no code', () => {
    const err = new AppError(401, 'UNAUTHORIZED', 'The API key is not recognised.', {}, true);
    expect(renderError('b2c', err)).to.deep.equal({ error: 'The API key is not recognised.' });
    expect(renderError('v1', err)).to.deep.equal({ error: { code: 'UNAUTHORIZED', message: 'The API key is not recognised.' } });
  });
});
