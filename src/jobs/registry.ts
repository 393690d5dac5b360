// The scheduled jobs' Cypher lives in cypher/jobs/, outside the request-path registry (cypher/queries): the jobs
// run in their own Graph over the same driver, and their names are checked here rather than with query().
import path from 'node:path';
import { Graph } from '../graph/graph.js';
import { QueryRegistry, type QueryName } from '../graph/queries.js';
import { projectRoot } from '../version.js';

export const JOBS_DIR = path.join(projectRoot, 'cypher', 'jobs');

const job = (name: string) => name as QueryName;

export const J = {
  tenants: job('tenants'),
  materialiseSalience: job('materialiseSalience'),
  interestStages: job('interestStages'),
  compressLifecycle: job('compressLifecycle'),
  themeUsers: job('themes/users'),
  themeFacets: job('themes/facets'),
  themeUpsert: job('themes/upsert'),
} as const;

/** A Graph over the request path's driver and database that runs the job files; fails naming a missing file. */
export async function openJobGraph(graph: Graph, dir = JOBS_DIR): Promise<Graph> {
  const queries = await QueryRegistry.load(dir);
  queries.verify(Object.values(J));
  return new Graph(graph.driver, graph.database, queries);
}
