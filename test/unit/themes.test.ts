// Theme inference, the pure rule: a topic word recurring in ≥ 3 facts of one domain on ≥ 2 distinct days.
import { expect } from 'chai';
import { inferThemes, type ThemeFacet } from '../../src/jobs/themes.js';
import { lightStem as stem } from '../../src/text/stems.js';

const fact = (id: string, domain: string, topic: string, day: string): ThemeFacet => ({ id, domain, topic, day });

describe('jobs: theme inference (pure)', () => {
  it('stems lightly: plurals, -ing, possessives', () => {
    expect(stem('sleeping')).to.equal('sleep');
    expect(stem('sleeps')).to.equal('sleep');
    expect(stem('running')).to.equal('run');
    expect(stem('migraines')).to.equal('migraine');
    expect(stem('allergies')).to.equal('allergy');
    expect(stem('stress')).to.equal('stress');
    expect(stem("sarah's")).to.equal('sarah');
  });

  it('a word in 3 facts of one domain on 2+ days is a theme, labelled with its commonest form', () => {
    const themes = inferThemes([
      fact('a', 'health', 'sleep', '2026-01-01'),
      fact('b', 'health', 'sleep routine', '2026-01-02'),
      fact('c', 'health', 'sleeping badly', '2026-01-05'),
      fact('d', 'hobbies', 'hiking', '2026-01-05'),
    ]);
    expect(themes).to.have.length(1);
    expect(themes[0]).to.deep.include({
      key: 'sleep',
      domain: 'health',
      topic: 'sleep',
      evidence: 3,
      days: 3,
      summary: 'Recurring in health: sleep (3 mentions)',
    });
    expect(themes[0]!.facetIds).to.deep.equal(['a', 'b', 'c']);
    expect(themes[0]!.baseScore).to.be.within(0.4, 0.8);
  });

  it('a summary counts as a mention of a topic word, but words found only in summaries are not candidates', () => {
    const themes = inferThemes([
      { id: 'a', domain: 'health', topic: 'sleep', summary: 'The user could not sleep, the user was stressed.', day: '2026-01-01' },
      { id: 'b', domain: 'health', topic: 'sleep routine', summary: 'The user started a sleep routine, stressed.', day: '2026-01-02' },
      { id: 'c', domain: 'health', topic: 'got four hours', summary: 'The user only got four hours of sleep, stressed.', day: '2026-01-03' },
    ]);
    expect(themes.map((t) => [t.key, t.evidence])).to.deep.equal([['sleep', 3]]);
  });

  it('needs distinct days, enough facts, one domain', () => {
    const sameDay = [1, 2, 3].map((i) => fact(`g${i}`, 'hobbies', 'guitar', '2026-01-01'));
    expect(inferThemes(sameDay)).to.deep.equal([]);
    const two = [fact('a', 'health', 'sleep', '2026-01-01'), fact('b', 'health', 'sleep', '2026-01-02')];
    expect(inferThemes(two)).to.deep.equal([]);
    const split = [fact('a', 'health', 'sleep', '2026-01-01'), fact('b', 'health', 'sleep', '2026-01-02'), fact('c', 'work', 'sleep', '2026-01-03')];
    expect(inferThemes(split)).to.deep.equal([]);
  });

  it('ignores entity labels, time words, numbers and the domain name; counts a fact once', () => {
    const facts = [
      fact('a', 'work', 'Sarah — job', '2026-01-01'),
      fact('b', 'work', 'Sarah — new job', '2026-01-02'),
      fact('c', 'work', 'Sarah — work week', '2026-01-03'),
      fact('d', 'work', 'sleep sleep sleep', '2026-01-03'),
    ];
    const keys = inferThemes(facts).map((t) => t.key);
    expect(keys).to.not.include('sarah');
    expect(keys).to.not.include('week');
    expect(keys).to.not.include('work');
    expect(keys).to.not.include('sleep');
  });

  it('keeps at most three themes per domain, strongest first', () => {
    const words = ['sleep', 'diet', 'gym', 'yoga'];
    const facts = words.flatMap((w, i) =>
      Array.from({ length: 3 + (words.length - i) }, (_, k) => fact(`${w}${k}`, 'health', w, `2026-01-0${1 + (k % 3)}`)),
    );
    expect(inferThemes(facts).map((t) => t.key)).to.deep.equal(['sleep', 'diet', 'gym']);
  });
});
