// Every kind of value a query returns, for the executor's plain-object test (test/integration/executor.test.ts).
RETURN 1 AS int, 1.5 AS float, 'x' AS string, true AS bool, null AS nothing, [1, 'a', null] AS list,
       {a: 1, b: {c: [datetime('2024-05-06T07:08:09Z')]}} AS map,
       datetime('2024-05-06T07:08:09.123Z') AS at, date('2024-05-06') AS day, duration({days: 2}) AS span,
       duration({months: 1, seconds: -1, nanoseconds: 250000000}) AS fraction,
       {n: 9007199254740991} AS big
