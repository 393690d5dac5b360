// The trivial query behind readiness and the benchmark floor.
RETURN 1 AS ok
