// V0013: an index on the embedder that made each memory's vector, so that re-embedding after a change of model
// (src/jobs/reembed.ts) finds the old vectors batch by batch without scanning every memory. Plain Cypher,
// idempotent (IF NOT EXISTS). Never edit this file once landed: add a later version instead.
CREATE INDEX memory_embedding_model IF NOT EXISTS FOR (m:Memory) ON (m.embeddingModel);
