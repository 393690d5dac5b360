// The one executor hands every query's rows over as plain objects: numbers, strings, lists and maps as they are,
// temporal values as ISO strings, whatever the nesting.
import { expect } from 'chai';
import { testRead } from '../helpers/graphReads.js';

describe('graph executor: rows as plain objects', () => {
  it('gives each field by its name, temporal values as ISO strings at any depth', async () => {
    const [row] = await testRead('plainValues', {});
    expect(row).to.deep.equal({
      int: 1,
      float: 1.5,
      string: 'x',
      bool: true,
      nothing: null,
      list: [1, 'a', null],
      map: { a: 1, b: { c: ['2024-05-06T07:08:09.000Z'] } },
      at: '2024-05-06T07:08:09.123Z',
      day: '2024-05-06',
      span: 'P0M2DT0S',
      fraction: 'P1M0DT-0.75S',
      big: { n: 9007199254740991 },
    });
    expect(Object.getPrototypeOf(row)).to.equal(Object.prototype);
  });
});
