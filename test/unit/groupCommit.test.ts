import { expect } from 'chai';
import { GroupCommit } from '../../src/ingest/groupCommit.js';

/** A writer whose calls finish only when the test lets them, recording the groups it was given. */
function gatedWriter(fail: (item: number) => boolean = () => false) {
  const calls: number[][] = [];
  const gates: Array<() => void> = [];
  const writeAll = (items: number[]) => {
    calls.push(items);
    return new Promise<string[]>((resolve, reject) =>
      gates.push(() => (items.some(fail) ? reject(new Error(`bad item in ${items.join(',')}`)) : resolve(items.map((i) => `stored ${i}`)))),
    );
  };
  const openAll = async () => {
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { calls, writeAll, openAll };
}

describe('group commit', () => {
  it('writes a lone item at once, in a transaction of its own', async () => {
    const w = gatedWriter();
    const g = new GroupCommit(w.writeAll, { parallel: 1 });
    const out = g.submit(1);
    expect(w.calls).to.deep.equal([[1]]);
    expect(g.idle).to.equal(false);
    await w.openAll();
    expect(await out).to.equal('stored 1');
    expect(g.idle).to.equal(true);
  });

  it('groups what arrives while a commit is in flight, and answers each with its own output', async () => {
    const w = gatedWriter();
    const g = new GroupCommit(w.writeAll, { parallel: 1 });
    const outs = [1, 2, 3, 4].map((i) => g.submit(i));
    expect(w.calls).to.deep.equal([[1]]);
    const settled = Promise.all(outs);
    await w.openAll();
    expect(await settled).to.deep.equal(['stored 1', 'stored 2', 'stored 3', 'stored 4']);
    expect(w.calls).to.deep.equal([[1], [2, 3, 4]]);
  });

  it('opens up to `parallel` transactions before anything waits', () => {
    const w = gatedWriter();
    const g = new GroupCommit(w.writeAll, { parallel: 2 });
    [1, 2, 3].forEach((i) => void g.submit(i));
    expect(w.calls).to.deep.equal([[1], [2]]);
  });

  it('a failing group is written again item by item, so one bad item fails alone', async () => {
    const w = gatedWriter((i) => i === 3);
    const g = new GroupCommit(w.writeAll, { parallel: 1 });
    const outs = [1, 2, 3, 4].map((i) =>
      g.submit(i).then(
        (o) => o,
        (e: Error) => `refused: ${e.message}`,
      ),
    );
    const settled = Promise.all(outs);
    await w.openAll();
    expect(await settled).to.deep.equal(['stored 1', 'stored 2', 'refused: bad item in 3', 'stored 4']);
    expect(w.calls).to.deep.equal([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('keeps groups within maxItems', async () => {
    const w = gatedWriter();
    const g = new GroupCommit(w.writeAll, { parallel: 1, maxItems: 2 });
    const settled = Promise.all([1, 2, 3, 4, 5].map((i) => g.submit(i)));
    await w.openAll();
    await settled;
    expect(w.calls).to.deep.equal([[1], [2, 3], [4, 5]]);
  });

  it('an error of the store fails the group and every write waiting at once, none written again alone', async () => {
    const unreachable = new Error('store unreachable');
    const calls: number[][] = [];
    let fail: (err: Error) => void = () => {};
    const writeAll = (items: number[]) => {
      calls.push(items);
      return new Promise<string[]>((_, reject) => (fail = reject));
    };
    const g = new GroupCommit(writeAll, { parallel: 1, failsEveryone: (err) => err === unreachable });
    const outs = [1, 2, 3].map((i) =>
      g.submit(i).then(
        () => 'stored',
        (e: Error) => e.message,
      ),
    );
    fail(unreachable);
    expect(await Promise.all(outs)).to.deep.equal(['store unreachable', 'store unreachable', 'store unreachable']);
    // Items 2 and 3 waited behind item 1 and were never sent.
    expect(calls).to.deep.equal([[1]]);
    expect(g.idle).to.equal(true);
  });
});
