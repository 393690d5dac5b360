// Vector candidates from Neo4j's own index (issue 19): the owner-filtered, unquantized vector index of V0015,
// queried with Cypher 25 SEARCH. Not yet used by retrieval (which still ranks with the in-process cache, vectors.ts).
import neo4j from 'neo4j-driver';
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';

const Q = { candidates: query('retrieval/nativeVectorCandidates') };

export interface NativeVectorHit {
  id: string;
  /** Cosine similarity to the question's vector, in [-1, 1]. */
  cosine: number;
}

export interface NativeVectorOptions {
  /** At most this many hits, best first. */
  limit: number;
  /**
   * How many more the index returns than `limit`, to make up for memories retrieval never shows (domains, the self
   * memory, archived ones), which the query drops after the search.
   */
  overfetch?: number;
  requestId?: string;
}

/** The person's memories whose vectors (made by `embeddingModel`) are nearest to `vector`, best first. */
export async function nativeVectorCandidates(
  graph: Graph,
  owner: { tenantId: string; userId: string },
  embeddingModel: string,
  vector: number[],
  o: NativeVectorOptions,
): Promise<NativeVectorHit[]> {
  if (!Number.isInteger(o.limit) || o.limit < 1) throw new RangeError(`limit must be a positive integer, got ${o.limit}`);
  const overfetch = o.overfetch ?? 10;
  if (!Number.isInteger(overfetch) || overfetch < 0) throw new RangeError(`overfetch must be a non-negative integer, got ${overfetch}`);
  // A zero or non-finite vector has no direction: nothing is near it.
  if (vector.length === 0 || !vector.every(Number.isFinite) || vector.every((x) => x === 0)) return [];
  return graph.read<NativeVectorHit>(
    Q.candidates,
    {
      tenantId: owner.tenantId,
      userId: owner.userId,
      embeddingModel,
      vector,
      // LIMIT takes a Cypher INTEGER; a JS number travels as a FLOAT.
      limit: neo4j.int(o.limit),
      candidates: neo4j.int(o.limit + overfetch),
    },
    { requestId: o.requestId },
  );
}
