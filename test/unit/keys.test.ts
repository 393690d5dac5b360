import { expect } from 'chai';
import { generateKey, hashKey, routeSetOfKey, secretsEqual } from '../../src/tenants/keys.js';

describe('API keys', () => {
  it('carry a readable prefix per route set and 256 random bits', () => {
    const a = generateKey('v1');
    const b = generateKey('b2c');
    expect(a.key).to.match(/^mm_v1_[A-Za-z0-9_-]{43}$/);
    expect(b.key).to.match(/^mm_b2c_[A-Za-z0-9_-]{43}$/);
    expect(routeSetOfKey(a.key)).to.equal('v1');
    expect(routeSetOfKey(b.key)).to.equal('b2c');
    expect(generateKey('v1').key).to.not.equal(a.key);
  });

  it('are stored as a hash and a prefix that cannot be used as the key', () => {
    const k = generateKey('v1');
    expect(k.hash).to.equal(hashKey(k.key));
    expect(k.hash).to.match(/^[0-9a-f]{64}$/);
    expect(k.hash).to.not.include(k.key.slice(6));
    expect(k.key.startsWith(k.prefix)).to.equal(true);
    expect(k.prefix.length).to.be.lessThan(16);
  });

  it('reject malformed keys', () => {
    for (const bad of ['', 'mm_v1_', `mm_v2_${'a'.repeat(43)}`, `mm_v1_${'a'.repeat(42)}`, `x${generateKey('v1').key}`]) {
      expect(routeSetOfKey(bad), bad).to.equal(undefined);
    }
  });

  it('compare secrets of any length without throwing', () => {
    expect(secretsEqual('abc', 'abc')).to.equal(true);
    expect(secretsEqual('abc', 'abcd')).to.equal(false);
    expect(secretsEqual('', 'x')).to.equal(false);
  });
});
