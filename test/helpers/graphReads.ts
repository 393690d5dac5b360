// Reading the graph back with Cypher in tests (test/cypher), to assert what was really stored.
import type { QueryName } from '../../src/graph/queries.js';
import { testEnv } from './env.js';

export async function testRead<T = any>(name: string, params: Record<string, unknown>): Promise<T[]> {
  return (await testEnv()).testGraph.read<T>(name as QueryName, params);
}

export async function testWrite<T = any>(name: string, params: Record<string, unknown>): Promise<T[]> {
  return (await testEnv()).testGraph.write<T>(name as QueryName, params);
}
