// An erase request that matched the person just before another transaction deleted them (a concurrent erase
// completing): it must answer as for a person it does not know, and leave nothing behind.
import { expect } from 'chai';
import path from 'node:path';
import { QueryRegistry } from '../../src/graph/queries.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('erase: a person deleted while an erase request waits for their locks', function () {
  this.timeout(60_000);
  after(cleanupTenants);

  for (const routeSet of ['b2c', 'v1'] as const)
    it(`${routeSet}: DELETE /users/{id} answers 404 (not 500, nor an erase of nothing) and leaves no inbox behind`, async () => {
      const env = await testEnv();
      const queries = await QueryRegistry.load(path.join(projectRoot, 'test', 'cypher'));
      const t = await newTenant(routeSet, 'scale');
      const user = `race-${routeSet}`;
      const H = routeSet === 'b2c' ? bearer(t.apiKey) : v1(t.apiKey);
      const stored =
        routeSet === 'b2c'
          ? await call('POST', '/api/b2c/memory/turn', {
              headers: H,
              body: { user_id: user, user_message: 'I run marathons in Porto.', assistant_response: 'Nice.' },
            })
          : await call('POST', '/api/v1/ingest', { headers: H, body: { user_id: user, content: 'I run marathons in Porto.' } });
      expect(stored.status, stored.text).to.be.oneOf([201, 202]);
      // The worker takes the person's lock while it writes a turn: let it finish before the locks are held here.
      if (routeSet === 'b2c') {
        const done = await call('GET', `/api/b2c/memory/messages/${stored.body.message_ids[0]}?wait=20`, { headers: H });
        expect(done.body.status, done.text).to.equal('done');
      }
      const owner = { tenantId: t.tenantId, userId: user };
      const erasePath = routeSet === 'b2c' ? `/api/b2c/memory/users/${user}` : `/api/v1/users/${user}`;

      const session = env.opened.driver.session({ database: env.config.NEO4J_DATABASE });
      const held = session.beginTransaction();
      try {
        const locked = await held.run(queries.get('raceHoldPerson'), owner);
        expect(locked.records.length).to.equal(1);
        // The request matches the person, then waits for the locks held here; whether it got that far before the
        // delete commits or not, the person is gone when it goes on.
        const pending = call('DELETE', erasePath, { headers: H });
        await new Promise((r) => setTimeout(r, 500));
        await held.run(queries.get('raceDeletePerson'), owner);
        await held.commit();
        const answer = await pending;
        expect(answer.status, answer.text).to.equal(404);
      } finally {
        await session.close();
      }
      const [left] = await testRead<{ endUsers: number; inboxes: number }>('raceLeftOfPerson', owner);
      expect(left).to.deep.equal({ endUsers: 0, inboxes: 0 });
    });
});
