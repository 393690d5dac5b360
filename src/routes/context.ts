// What every handler receives: the process-wide services, created once in main.ts.
import type { Config } from '../config.js';
import type { ControlService } from '../controls/controls.js';
import type { ErasureService } from '../controls/erasure.js';
import type { Graph } from '../graph/graph.js';
import type { IngestService } from '../ingest/service.js';
import type { NodeService } from '../memory/nodes.js';
import type { RetrievalService } from '../retrieval/service.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../log.js';
import type { ProfileService } from '../tenants/profiles.js';
import type { TenantService } from '../tenants/tenants.js';
import type { UsageMeter } from '../tenants/usage.js';

export interface Services {
  config: Config;
  log: Logger;
  graph: Graph;
  tenants: TenantService;
  usage: UsageMeter;
  metrics: Metrics;
  clock: () => number;
  ingest: IngestService;
  nodes: NodeService;
  retrieval: RetrievalService;
  profiles: ProfileService;
  controls: ControlService;
  erasure: ErasureService;
}
