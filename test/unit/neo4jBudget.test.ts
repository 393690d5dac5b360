import { expect } from 'chai';
import { Neo4jBudget, spendNeo4jBudget, withNeo4jBudget } from '../../src/graph/budget.js';
import { GraphUnavailableError } from '../../src/graph/errors.js';

/** A budget on a clock the test moves; `wait` stands for a query answered after `ms`. */
function budgetOf(allowanceMs: number) {
  let now = 0;
  const budget = new Neo4jBudget(() => now);
  let release: (() => void)[] = [];
  const wait = (ms = allowanceMs) => budget.spend(ms, () => new Promise<void>((r) => release.push(r)));
  const pass = async (ms: number) => {
    now += ms;
    for (const r of release) r();
    release = [];
    await new Promise((r) => setImmediate(r));
  };
  return { budget, wait, pass, tick: (ms: number) => (now += ms) };
}

describe("a request's budget for Neo4j", () => {
  it('counts only the time some query waited on Neo4j, once however many waited together', async () => {
    const { budget, wait, pass, tick } = budgetOf(1000);
    const one = wait();
    const two = wait();
    await pass(300); // both answered after 300 ms: 300 spent, not 600
    await Promise.all([one, two]);
    tick(5000); // the request's own work (a model, packing): not Neo4j's
    expect(budget.leftMs()).to.equal(700);
    const three = wait();
    tick(200);
    expect(budget.leftMs(), 'while a query waits').to.equal(500);
    await pass(0);
    await three;
  });

  it('tells each query what is left, and refuses one with nothing left without running it', async () => {
    const { budget, wait, pass } = budgetOf(1000);
    const first = wait();
    await pass(1000);
    await first;
    let ran = false;
    const refused = await budget
      .spend(1000, async () => {
        ran = true;
      })
      .catch((err: unknown) => err);
    expect(ran).to.equal(false);
    expect(refused).to.be.instanceOf(GraphUnavailableError);
    expect((refused as GraphUnavailableError).reason).to.equal('the request waited for Neo4j 1000 ms in all');
    // A fraction of a millisecond left (a failure that came a little before its timer) is nothing left either.
    const almost = budgetOf(1000);
    const spent = almost.wait();
    await almost.pass(999.6);
    await spent;
    const late = await almost.budget.spend(1000, async () => 'ran').catch((err: unknown) => err);
    expect((late as GraphUnavailableError).reason).to.equal('the request waited for Neo4j 1000 ms in all');
    const told: number[] = [];
    await new Neo4jBudget(() => 0).spend(800, async (left) => void told.push(left));
    expect(told).to.deep.equal([800]);
  });

  it('lasts as long as the largest budget a query of the request asks for (a synchronous erase may take minutes)', async () => {
    const { budget, wait, pass } = budgetOf(1000);
    const first = wait();
    await pass(900);
    await first;
    expect(budget.leftMs()).to.equal(100);
    const long = wait(120_000);
    expect(budget.leftMs(), 'the long query given what its own limit allows, less what the request has spent').to.equal(119_100);
    await pass(0);
    await long;
  });

  it('holds within a request and its continuations, and nowhere else', async () => {
    const left = () => spendNeo4jBudget(1500, async (ms) => ms);
    expect(await left(), 'outside a request').to.equal(Number.POSITIVE_INFINITY);
    const inside = await withNeo4jBudget(async () => {
      await new Promise((r) => setTimeout(r, 5));
      return left();
    });
    expect(inside, 'nothing has waited yet').to.equal(1500);
    expect(await left(), 'after the request').to.equal(Number.POSITIVE_INFINITY);
  });

  it('leaves what a request started (a group commit serving others, a timer) to their own limits once it is answered', async () => {
    const left = () => spendNeo4jBudget(1500, async (ms) => ms);
    let afterwards: Promise<number> | undefined;
    const during = await withNeo4jBudget(async () => {
      afterwards = new Promise((r) => setTimeout(r, 20)).then(left);
      return left();
    });
    expect(during).to.equal(1500);
    expect(await afterwards).to.equal(Number.POSITIVE_INFINITY);
  });
});
