// The global vector index the per-person scan is compared with (the service itself has none since V0006).
CREATE VECTOR INDEX bench_memory_embedding IF NOT EXISTS FOR (m:Memory) ON (m.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
