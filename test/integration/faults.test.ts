// Faults (issue 8): Neo4j stopped, then frozen, in the middle of a steady load. The service runs as a real
// process on a Neo4j of this test's own (a temporary data dir; the shared one is never touched). While Neo4j is
// away every request fails fast with 503, a clear message and Retry-After (never a hang, never a 500); when Neo4j
// comes back (on the same data dir and port) the service recovers by itself; and every message that got a 202
// is stored and processed exactly once.
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GraphUnavailableError } from '../../src/graph/errors.js';
import { hasJava } from '../../src/graph/java.js';
import { startLocalNeo4j, type LocalNeo4j } from '../../src/graph/localNeo4j.js';
import {
  faultGraph,
  isStopped,
  loadTenant,
  oneFactMessage,
  percentile,
  q,
  refuses,
  serviceGraph,
  sleep,
  spawnService,
  timed,
  until,
  type ServiceProcess,
  type Timed,
} from './faultKit.js';

/** NEO4J_TIMEOUT_MS of the service under test: how long a request may wait for Neo4j before its 503. */
const NEO4J_TIMEOUT_MS = 2000;
/** The service's default transaction time limit (src/graph/graph.ts); a silent Neo4j is given up after it + NEO4J_TIMEOUT_MS. */
const TX_TIMEOUT_MS = 10_000;
/** What a failing request may take beyond its bound: the HTTP round trip on a busy, shared 2-CPU machine. */
const MARGIN_MS = 3000;
/** How long a request may take after its Neo4j went silent or away: given up after TX_TIMEOUT_MS + NEO4J_TIMEOUT_MS. */
const GIVE_UP_BOUND_MS = TX_TIMEOUT_MS + NEO4J_TIMEOUT_MS + MARGIN_MS;

type Kind = 'ingest' | 'items';
interface Sample extends Timed {
  kind: Kind;
  messageId?: string;
}

const neo4jOptions = (dataDir: string, boltPort: number) => ({ dataDir, boltPort, heap: '512m', pageCache: '64m', onLog: () => {} });
const ok = (s: Sample) => s.status === 200 || s.status === 202;
const ended = (s: Sample) => s.startedAt + s.ms;
const ms = (values: number[]) => ({ n: values.length, p50: Math.round(percentile(values, 50)), max: Math.round(Math.max(0, ...values)) });

describe('faults: Neo4j stopped and frozen mid-load', function () {
  this.timeout(240_000);
  let dataDir: string | undefined;
  let boltPort: number;
  let neo: LocalNeo4j | undefined;
  let svc: ServiceProcess;
  let tenant: { tenantId: string; apiKey: string };
  const samples: Sample[] = [];
  let loading = true;
  let clients: Promise<void>[] = [];
  const figures: Record<string, unknown> = {};

  const ready = async () => (await timed(svc.url, 'GET', '/api/v1/health/ready')).status === 200;
  const countBy = (keys: string[]) => JSON.stringify(keys.reduce<Record<string, number>>((o, k) => ({ ...o, [k]: (o[k] ?? 0) + 1 }), {}));
  const summary = (list: Sample[]) => countBy(list.map((s) => `${s.kind} ${s.status}`));
  /** Every failure must be a clear 503 within `bound` ms of the request or of the fault (`since`), whichever is later. */
  const expectCleanFailures = (list: Sample[], bound: number, since = 0) => {
    for (const s of list.filter((x) => !ok(x))) {
      expect(s.status, `${s.kind}: ${s.text} (the service logged: ${causeOf(s)})`).to.equal(503);
      expect(s.retryAfter, s.text).to.match(/^\d+$/);
      expect(s.body?.error?.message ?? s.body?.error, s.text).to.match(/memory store is unreachable/);
      const waited = ended(s) - Math.max(s.startedAt, since);
      expect(
        waited,
        `${s.kind} answered ${s.status} ${Math.round(waited)} ms after the fault or its start (the service logged: ${causeOf(s)})`,
      ).to.be.at.most(bound);
    }
  };
  /** The service's last logged request failures (their cause: a driver code or our deadline, never content). */
  const failureLog = () =>
    svc.lines
      .filter((l) => l.includes('"request failed"'))
      .slice(-5)
      .map((l) => {
        const cause = (JSON.parse(l) as { cause?: { message?: string; code?: string } }).cause;
        return cause?.message ?? cause?.code;
      })
      .join('; ');
  /** What the service logged as the cause of one failed request: how a 500 is told apart from the 503s. */
  const causeOf = (s: Sample) => {
    const line = s.requestId ? svc.lines.find((l) => l.includes('"request failed"') && l.includes(s.requestId!)) : undefined;
    return line ? JSON.stringify((JSON.parse(line) as { cause?: unknown }).cause) : 'nothing';
  };
  /** Waits for `n` requests sent after `from` to finish. */
  const requestsAfter = (from: number, n = 8) =>
    until(`${n} requests after recovery`, 90_000, async () => {
      const list = samples.filter((s) => s.startedAt >= from);
      return list.length >= n ? list : undefined;
    });
  /**
   * Waits until `n` requests sent one after another since `from` have all succeeded: the requests sent after `from`
   * (by when they were sent) and those among them that failed before that run.
   */
  const successesInARowAfter = (from: number, n = 8) =>
    until(`${n} successful requests in a row after recovery`, 90_000, async () => {
      const list = samples.filter((s) => s.startedAt >= from).sort((a, b) => a.startedAt - b.startedAt);
      const run = list.length - 1 - list.findLastIndex((s) => !ok(s));
      return run >= n ? { list, failed: list.filter((s) => !ok(s)) } : undefined;
    });

  before(async function () {
    // This test stops and freezes a Neo4j of its own: the embedded one, which needs Java 21+ (as `npm test` without NEO4J_URI).
    if (!hasJava()) return this.skip();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-fault-'));
    neo = await startLocalNeo4j(neo4jOptions(dataDir, 0));
    boltPort = Number(new URL(neo.boltUri).port);
    svc = await spawnService({
      NEO4J_URI: neo.boltUri,
      NEO4J_TIMEOUT_MS: String(NEO4J_TIMEOUT_MS),
      NEO4J_REQUEST_BUDGET_MS: String(TX_TIMEOUT_MS + NEO4J_TIMEOUT_MS),
      EMBEDDINGS: 'hash',
    });
    tenant = await loadTenant(svc.url, 'v1', 'fault neo4j outage');
    const headers = { 'X-API-Key': tenant.apiKey };
    // Readers ask about people nobody writes to: a retrieval touching a later message would reinforce memories
    // (a processing event), which must not be mistaken for a message processed twice.
    const seeded: string[] = [];
    for (let r = 0; r < 2; r++) {
      const s = await timed(svc.url, 'POST', '/api/v1/ingest/v2', {
        headers,
        body: { user_id: `reader-${r}`, speaker: 'user', message: 'My sister Ana lives in Lisbon and loves museums.' },
      });
      expect(s.status, s.text).to.equal(202);
      seeded.push(s.body.message_id);
    }
    for (const id of seeded) expect((await timed(svc.url, 'GET', `/api/v1/messages/${id}?wait=30`, { headers })).body.status).to.equal('done');
    // Neo4j plans each query the first time it sees it: slow on a busy machine, so before the load, until two in a
    // row answer (a request that used its budget up on a cold Neo4j is a 503).
    await until('two retrievals in a row answered', 120_000, async () => {
      for (let i = 0; i < 2; i++) {
        const warm = await timed(svc.url, 'POST', '/api/v1/context/items', {
          headers,
          body: { user_id: 'reader-0', message: 'Which museums does Ana like?' },
        });
        if (warm.status === 503) return undefined;
        expect(warm.status, warm.text).to.equal(200);
      }
      return true;
    });

    // Four clients, each alternating one message (a 202 to count) and one context request.
    let seq = 0;
    const client = async (c: number) => {
      for (let n = 0; loading; n++) {
        if (n % 2 === 0) {
          const i = seq++;
          const r = await timed(svc.url, 'POST', '/api/v1/ingest/v2', {
            headers,
            body: { user_id: `writer-${(c + n) % 8}`, speaker: 'user', message: oneFactMessage(i) },
            timeoutMs: 60_000,
          });
          samples.push({ ...r, kind: 'ingest', messageId: r.status === 202 ? r.body.message_id : undefined });
        } else {
          const r = await timed(svc.url, 'POST', '/api/v1/context/items', {
            headers,
            body: { user_id: `reader-${c % 2}`, message: 'Which museums does Ana like?' },
            timeoutMs: 60_000,
          });
          samples.push({ ...r, kind: 'items' });
        }
        await sleep(50);
      }
    };
    clients = Array.from({ length: 4 }, (_, c) => client(c));
    const warm = await until('30 acknowledged messages before the first outage', 90_000, async () => {
      if (samples.some((s) => !ok(s))) return 'failed';
      return samples.filter((s) => s.messageId).length >= 30 ? 'ok' : undefined;
    }).catch((err: Error) => err.message);
    figures.beforeOutage = {
      requests: samples.length,
      ingest: ms(samples.filter((s) => s.kind === 'ingest').map((s) => s.ms)),
      items: ms(samples.filter((s) => s.kind === 'items').map((s) => s.ms)),
    };
    if (warm !== 'ok') {
      loading = false;
      await Promise.all(clients);
      throw new Error(
        `before the outage: ${warm} (${summary(samples)})\n${svc.lines
          .filter((l) => /"level":"error"/.test(l))
          .slice(-5)
          .join('\n')}`,
      );
    }
  });

  after(async () => {
    if (!dataDir) return;
    loading = false;
    await Promise.all(clients);
    try {
      if (neo) process.kill(neo.pid, 'SIGCONT');
    } catch {
      // already gone
    }
    console.log(`      figures: ${JSON.stringify(figures)}`);
    await svc?.stop();
    await neo?.stop();
    await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('Neo4j stopped: every request fails fast with a clear 503; the service recovers by itself when Neo4j is back', async () => {
    // A failure no driver code names, raised in a transaction while Neo4j goes away (mid-shutdown they take such
    // forms), is the outage's: GraphUnavailableError (a 503), not whatever it was (a 500). The work fails once
    // Neo4j refuses connections, not after it has stopped: Neo4j's shutdown waits for open transactions.
    const before = await serviceGraph(neo!.boltUri);
    let shuttingDown = () => {};
    const refusing = new Promise<void>((resolve) => (shuttingDown = resolve));
    const unnamedWhileGoing = before.graph
      .readTx(
        async () => {
          await refusing;
          throw new TypeError('a failure without a code');
        },
        { timeoutMs: 60_000 },
      )
      .catch((err: unknown) => err);
    const stoppingAt = Date.now();
    const stopping = neo!.stop();
    await until('Neo4j refusing connections', 30_000, async () => ((await refuses(neo!.boltUri)) ? true : undefined), 100);
    shuttingDown();
    expect(await unnamedWhileGoing).to.be.instanceOf(GraphUnavailableError);
    await stopping;
    await before.close();
    const stoppedAt = Date.now();
    neo = undefined;
    await sleep(6000); // the load goes on against a service without a database
    const readyWhileDown = await timed(svc.url, 'GET', '/api/v1/health/ready');
    const restartingAt = Date.now();
    neo = await startLocalNeo4j(neo4jOptions(dataDir!, boltPort)); // same data dir, same port
    const upAt = Date.now();
    const readyAt = await until('readiness back to 200', 60_000, async () => ((await ready()) ? Date.now() : undefined), 100);
    // Requests must succeed again, without a restart of the service. Neo4j has just started and plans every query
    // again: until it is warm, a request that waited on it past its budget is a clean 503 like the others.
    const afterwards = await successesInARowAfter(readyAt + 1000);
    // With Neo4j up, the same failure is what it is.
    const after = await serviceGraph(neo.boltUri);
    const unnamedWhileUp = await after.graph
      .readTx(async () => {
        throw new TypeError('a failure without a code');
      })
      .catch((err: unknown) => err);
    await after.close();
    expect(unnamedWhileUp).to.be.instanceOf(TypeError);

    const during = samples.filter((s) => ended(s) >= stoppingAt && s.startedAt <= upAt);
    const down = samples.filter((s) => s.startedAt >= stoppedAt && ended(s) <= restartingAt);
    figures.stop = {
      neo4jStopMs: stoppedAt - stoppingAt,
      neo4jRestartMs: upAt - restartingAt,
      readyAfterNeo4jUpMs: readyAt - upAt,
      requestsDuringOutage: summary(during),
      failedWhileDownMs: ms(down.filter((s) => !ok(s)).map((s) => s.ms)),
      anyDuringOutageMs: ms(during.map((s) => s.ms)),
      afterRecovery: summary(afterwards.list),
      afterRecoveryMs: ms(afterwards.list.map((s) => s.ms)),
      slowestFailures: during
        .filter((s) => !ok(s))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((s) => ({ kind: s.kind, ms: Math.round(s.ms), sentAfterStopping: Math.round(s.startedAt - stoppingAt), cause: causeOf(s) })),
    };

    expect(down.length, 'requests while Neo4j was down').to.be.at.least(8);
    for (const s of down) expect(s.status, `${s.kind} while Neo4j was down: ${s.text} (the service logged: ${causeOf(s)})`).to.equal(503);
    // Requests sent to a service whose Neo4j is gone: 503 within NEO4J_TIMEOUT_MS.
    expectCleanFailures(down, NEO4J_TIMEOUT_MS + MARGIN_MS);
    // Requests in flight when it went (Neo4j's own shutdown takes a few seconds, and answers slowly meanwhile):
    // bounded by the transaction deadline, counted from the moment Neo4j was gone.
    expectCleanFailures(during, GIVE_UP_BOUND_MS, stoppedAt);
    expect(readyWhileDown.status).to.equal(503);
    expect(readyWhileDown.body.neo4j.reachable).to.equal(false);
    expect(svc.child.exitCode, 'the service process is still the same').to.equal(null);
    expectCleanFailures(afterwards.failed, GIVE_UP_BOUND_MS);
  });

  it('Neo4j frozen (connections open, no answers): requests still end with a 503 within their bound; recovery on its own', async () => {
    // SIGSTOP: like a stalled database or a network partition, sockets stay open and nothing answers. Without a
    // deadline of our own a query on a pooled connection would wait for ever (the driver has no read timeout).
    const frozenAt = Date.now();
    process.kill(neo!.pid, 'SIGSTOP');
    await until('every thread of Neo4j stopped', 5000, async () => ((await isStopped(neo!.pid)) ? true : undefined), 5);
    const readyWhileFrozen = timed(svc.url, 'GET', '/api/v1/health/ready');
    // Longer than a failure's bound (GIVE_UP_BOUND_MS): a request stuck since the freeze must have failed before the thaw.
    await sleep(GIVE_UP_BOUND_MS + 2000);
    const thawedAt = Date.now();
    process.kill(neo!.pid, 'SIGCONT');
    const readyAt = await until('readiness back to 200', 60_000, async () => ((await ready()) ? Date.now() : undefined), 100);
    const afterwards = await requestsAfter(readyAt + 1000);

    const during = samples.filter((s) => ended(s) >= frozenAt && s.startedAt <= thawedAt);
    const probe = await readyWhileFrozen;
    figures.freeze = {
      frozenMs: thawedAt - frozenAt,
      readyAfterThawMs: readyAt - thawedAt,
      requestsDuringFreeze: summary(during),
      failedDuringFreezeMs: ms(during.filter((s) => !ok(s)).map((s) => s.ms)),
      readinessProbeWhileFrozen: { status: probe.status, ms: Math.round(probe.ms) },
      afterRecovery: summary(afterwards),
    };
    const timeline = during.map((s) => `${s.kind} ${s.status} from ${Math.round(s.startedAt - frozenAt)} ms for ${Math.round(s.ms)} ms`).join('; ');
    // Every request answered within the bound, a success too: none waited through the freeze.
    for (const s of during) expect(ended(s) - Math.max(s.startedAt, frozenAt), timeline).to.be.at.most(GIVE_UP_BOUND_MS);
    // Each of the four clients had a request in flight or sent during the freeze, and each had to fail.
    expect(during.filter((s) => !ok(s)).length, `requests failed while Neo4j was frozen: ${timeline}`).to.be.at.least(4);
    expectCleanFailures(during, GIVE_UP_BOUND_MS, frozenAt);
    expect(probe.status).to.equal(503);
    expect(probe.ms).to.be.at.most(1000 + NEO4J_TIMEOUT_MS + MARGIN_MS);
    expect(svc.child.exitCode).to.equal(null);
    expect(afterwards.length).to.be.at.least(8);
    expect(
      afterwards.filter((s) => !ok(s)).map((s) => `${s.kind} ${s.status}`),
      failureLog(),
    ).to.deep.equal([]);
  });

  it('no 500 at all, and every acknowledged message is stored and processed exactly once', async () => {
    loading = false;
    await Promise.all(clients);
    expect(samples.filter((s) => !ok(s) && s.status !== 503).map((s) => `${s.kind} ${s.status} ${s.text} ${causeOf(s)}`)).to.deep.equal([]);

    const fg = await faultGraph(neo!.boltUri);
    try {
      const acked = samples.filter((s) => s.messageId).map((s) => s.messageId!);
      const drainFrom = Date.now();
      // Within the backoff of a few failed attempts: a claim whose answer was lost waits for Neo4j, not for its lease (120 s).
      const rows = await until('every acknowledged message processed', 60_000, async () => {
        const r = await fg.graph.read<{ id: string; status: string | null; facts: number; processingCounts: number[]; sourcesPerFact: number[] }>(
          q('faultMessages'),
          {
            tenantId: tenant.tenantId,
            ids: acked,
          },
        );
        return r.every((m) => m.status !== 'pending' && m.status !== 'processing') ? r : undefined;
      });
      const queue = await fg.graph.read<{ status: string; count: number }>(q('faultTenantQueue'), { tenantId: tenant.tenantId });
      const [dupes] = await fg.graph.read<{ duplicates: number; reinforced: number; multiSource: number; facts: number }>(q('faultDuplicateFacts'), {
        tenantId: tenant.tenantId,
      });
      const stored = queue.reduce((n, r) => n + r.count, 0) - 2; // the two readers' messages
      figures.messages = {
        requests: samples.length,
        byStatus: summary(samples),
        acknowledged: acked.length,
        stored,
        storedButAnswered503: stored - acked.length,
        done: rows.filter((m) => m.status === 'done').length,
        allDoneAfterLoadStoppedMs: Date.now() - drainFrom,
        ...dupes,
        workerWarnings: countBy(
          svc.lines
            .filter((l) => /"level":"warn"/.test(l))
            .map((l) => (JSON.parse(l) as { message: string }).message)
            .filter((m) => /^(?:worker loop failed|message processing failed|reclaimed)/.test(m))
            .map((m) => m.replace(/;.*$/, '')),
        ),
      };

      expect(
        rows.filter((m) => m.status !== 'done').map((m) => `${m.id} ${m.status}`),
        'acknowledged messages not done',
      ).to.deep.equal([]);
      // As in a clean run: one fact per message, made once (never reinforced by a second processing), one source.
      for (const m of rows) {
        expect(m.facts, `facts of message ${m.id}`).to.equal(1);
        expect(m.processingCounts, `reinforcements of the fact of ${m.id}`).to.deep.equal([0]);
        expect(m.sourcesPerFact).to.deep.equal([1]);
      }
      expect(dupes).to.include({ duplicates: 0, multiSource: 0 });
      // Messages stored although their answer was a 503 (the commit landed, the answer did not) are processed too.
      expect(queue.filter((r) => r.status !== 'done')).to.deep.equal([]);
      expect(stored).to.be.at.least(acked.length);
    } finally {
      await fg.close();
    }
  });
});
