// The one lease primitive (src/graph/leases.ts) on the real Neo4j: one holder at a time, renewal and release only by
// the holder, takeover once expired; and V0020, which carried the claims of the version before over to it.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { LeaseTerms, NamedLease } from '../../src/graph/leases.js';
import { loadMigrations } from '../../src/graph/migrations.js';
import { MessageStore } from '../../src/ingest/messages.js';
import { MIGRATIONS_DIR } from '../../src/runtime.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';

const MINUTE = 60_000;

describe('leases', () => {
  const names: string[] = [];
  const named = async (holder: string, name: string, clock: () => number = Date.now, ttlMs = MINUTE) =>
    new NamedLease((await testEnv()).graph, name, new LeaseTerms(holder, ttlMs, clock));
  const freshName = () => {
    const name = `test/${randomUUID()}`;
    names.push(name);
    return name;
  };
  after(async () => {
    for (const name of names) await testWrite('deleteLease', { name });
  });

  it('a named lease has one holder; only the holder renews or releases it', async () => {
    const name = freshName();
    const a = await named('holder-a', name);
    const b = await named('holder-b', name);
    expect(await a.acquire()).to.equal(true);
    expect(await b.acquire(), 'held by a').to.equal(false);
    expect(await a.acquire(), 'already its own').to.equal(true);
    expect(await b.renew()).to.equal(false);
    await b.release();
    expect(await b.acquire(), 'a release by another holder changes nothing').to.equal(false);
    expect(await a.renew()).to.equal(true);
    await a.release();
    expect(await b.acquire(), 'free once released').to.equal(true);
  });

  it('an expired lease is taken over, and its former holder can neither renew nor release it', async () => {
    const name = freshName();
    const dead = await named('holder-dead', name);
    const later = await named('holder-later', name, () => Date.now() + 2 * MINUTE);
    expect(await dead.acquire()).to.equal(true);
    expect(await (await named('holder-now', name)).acquire(), 'not expired yet').to.equal(false);
    expect(await later.acquire(), "expired on the taker's clock").to.equal(true);
    expect(await dead.renew(), 'taken over').to.equal(false);
    await dead.release();
    expect(await (await named('holder-now', name)).acquire(), "still the taker's").to.equal(false);
  });

  it('of holders racing for a free lease, exactly one gets it', async () => {
    const name = freshName();
    const holders = await Promise.all(Array.from({ length: 8 }, (_, i) => named(`racer-${i}`, name)));
    const got = await Promise.all(holders.map((h) => h.acquire()));
    expect(got.filter(Boolean)).to.have.length(1);
    // And of holders racing to take over an expired one.
    const takers = await Promise.all(Array.from({ length: 8 }, (_, i) => named(`taker-${i}`, name, () => Date.now() + 2 * MINUTE)));
    expect((await Promise.all(takers.map((h) => h.acquire()))).filter(Boolean)).to.have.length(1);
  });

  describe('V0020: the claims of the previous version carried over', () => {
    const tenantId = `lease-carry-${randomUUID()}`;
    before(async () => {
      // Only this test works on the queue and the erases meanwhile.
      const env = await testEnv();
      await env.services.worker.stop();
      await env.services.erasure.stop();
    });
    after(async () => {
      const env = await testEnv();
      await testWrite('deleteTenant', { tenantId });
      env.services.worker.start();
      env.services.erasure.start();
    });

    it('a message in processing and an open erase keep their holder and expiry; an expired message is taken over', async () => {
      const env = await testEnv();
      const [seeded] = await testWrite<{ messageIds: string[] }>('legacyClaims', { tenantId, userId: 'person', expiredMinutes: 10 });
      const v0020 = (await loadMigrations(MIGRATIONS_DIR)).find((m) => m.version === '0020')!;
      // Twice: idempotent.
      for (let round = 0; round < 2; round++) for (const statement of v0020.statements) await env.graph.runSchemaStatement(statement);
      expect(await testRead('legacyClaimsRead', { tenantId })).to.deep.equal([
        { userId: 'person-live', label: 'DeletionRecord', leaseHolder: 'old-eraser', expiryCarried: true },
        { userId: 'person-expired', label: 'Message', leaseHolder: 'old-worker', expiryCarried: true },
        { userId: 'person-live', label: 'Message', leaseHolder: 'old-worker', expiryCarried: true },
      ]);
      // A worker of this version takes over the claim whose lease expired, and leaves the live one alone.
      const claimed = (await new MessageStore(env.graph).claim(new LeaseTerms('new-worker', 0), 1000, 100)).filter((m) => m.tenantId === tenantId);
      expect(claimed.map((m) => ({ userId: m.userId, takenOver: m.takenOver, attempts: m.attempts }))).to.deep.equal([
        { userId: 'person-expired', takenOver: true, attempts: 2 },
      ]);
      expect(seeded!.messageIds).to.have.length(2);
    });
  });
});
