// GET /diagnostics/{user_id} (spec 4.A): graph metrics of one person of the caller's tenant. Field by field in
// docs/person-controls.md ("Diagnostics"); the work is in src/stats/diagnostics.ts.
import { z } from 'zod';
import { DiagnosticsService } from '../../stats/diagnostics.js';
import { V1, endpoint, json } from '../endpoint.js';
import { T1, USER } from '../examples.js';
import { Count, Time, Unit, named } from '../responses.js';
import { UserParam } from '../schemas.js';

export const DiagnosticsResponse = named(
  'DiagnosticsResponse',
  "One person's memory graph in figures: counts, domain names and entity kinds only.",
  z.strictObject({
    user_id: z.string(),
    generated_at: Time,
    totals: z.strictObject({
      nodes: z.strictObject({ total: Count, domains: Count, entities: Count, facets: Count, themes: Count, interests: Count }),
      relationships: Count,
      messages: z.strictObject({ total: Count, pending: Count, processing: Count, done: Count, failed: Count }),
      suppressed_topics: Count,
      pinned: Count,
      archived: Count,
    }),
    domain_distribution: z.array(z.strictObject({ domain: z.string().nullable(), entities: Count, memories: Count, share: Unit })),
    salience_distribution: z.strictObject({
      memories: Count,
      buckets: z.array(z.strictObject({ from: Unit, to: Unit, count: Count })).length(10),
      mean: Unit.nullable(),
      median: Unit.nullable(),
      threshold: Unit,
      above_threshold: Count,
      active: Count,
      dormant: Count,
      pinned_below_threshold: Count,
    }),
    entity_counts: z.strictObject({ total: Count, by_kind: z.record(z.string(), Count), high_gravity: Count, high_gravity_at: Unit }),
    retrieval_statistics: z.strictObject({
      retrievals: Count,
      last_retrieved_at: Time.nullable(),
      last_injected: Count,
      processing_events: Count,
      memories_ever_processed: Count,
      last_accessed_at: Time.nullable(),
    }),
  }),
);

export const DIAGNOSTICS_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: `${V1}/diagnostics/{user_id}`,
    operationId: 'diagnostics',
    summary: "A person's memory graph in figures",
    description: 'Domain and salience distributions, entity counts and retrieval statistics; counts, domain names and entity kinds only.',
    tag: 'Diagnostics',
    security: 'v1Key',
    request: { params: UserParam },
    responses: { 200: json(DiagnosticsResponse, 'The figures.') },
    errors: { '404': 'No such person in this tenant (never seen, or another tenant’s).' },
    example: {
      request: { params: { user_id: USER } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          generated_at: T1,
          totals: {
            nodes: { total: 4, domains: 1, entities: 2, facets: 1, themes: 0, interests: 0 },
            relationships: 3,
            messages: { total: 1, pending: 0, processing: 0, done: 1, failed: 0 },
            suppressed_topics: 0,
            pinned: 0,
            archived: 0,
          },
          domain_distribution: [{ domain: 'health', entities: 1, memories: 1, share: 1 }],
          salience_distribution: {
            memories: 4,
            buckets: Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, count: i === 8 ? 1 : i === 5 ? 3 : 0 })),
            mean: 0.6,
            median: 0.55,
            threshold: 0.25,
            above_threshold: 4,
            active: 4,
            dormant: 0,
            pinned_below_threshold: 0,
          },
          entity_counts: { total: 2, by_kind: { person: 1, self: 1 }, high_gravity: 1, high_gravity_at: 0.7 },
          retrieval_statistics: {
            retrievals: 1,
            last_retrieved_at: T1,
            last_injected: 1,
            processing_events: 0,
            memories_ever_processed: 0,
            last_accessed_at: null,
          },
        },
      },
    },
    handler: ({ s, who, param, requestId }) =>
      new DiagnosticsService(s.graph, s.profiles, s.clock).forPerson(who.tenantId, param('user_id'), requestId),
  }),
];
