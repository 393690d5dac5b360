// Reading the graph back with Cypher in tests (test/cypher), to assert what was really stored.
import type { QueryName } from '../../src/graph/queries.js';
import { testEnv } from './env.js';

export async function testRead<T = any>(name: string, params: Record<string, unknown>): Promise<T[]> {
  return (await testEnv()).testGraph.read<T>(name as QueryName, params);
}

export async function testWrite<T = any>(name: string, params: Record<string, unknown>): Promise<T[]> {
  return (await testEnv()).testGraph.write<T>(name as QueryName, params);
}

/** The ids the full-text channel over memories finds for a question (no named entities), best first. */
export async function fullTextMatches(owner: { tenantId: string; userId: string }, question: string, perChannel = 20): Promise<string[]> {
  const { findCandidates } = await import('../../src/retrieval/channels.js');
  const { questionWords } = await import('../../src/retrieval/questionTerms.js');
  const request = {
    text: question,
    words: questionWords(question, [], []),
    expandIds: [],
    range: null,
    includeIdentity: false,
    entities: [],
    perChannel,
  };
  const { ranks } = await findCandidates((await testEnv()).graph, owner, request);
  return [...ranks]
    .filter(([, c]) => c.has('fulltext'))
    .sort(([, a], [, b]) => a.get('fulltext')! - b.get('fulltext')!)
    .map(([id]) => id);
}
