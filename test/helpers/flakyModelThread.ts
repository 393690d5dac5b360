// A stand-in for the model's thread (src/providers/modelThread.ts), for the embedder's failure tests: it exits
// when asked to embed "die", throws when asked "throw", and answers unit vectors otherwise, each carrying in its
// second number the order in which its task ran.
import { parentPort, workerData } from 'node:worker_threads';

const { dimensions } = workerData as { dimensions: number };
let tasks = 0;
parentPort!.on('message', (m: { id: number; texts: string[] }) => {
  if (m.texts.includes('die')) process.exit(3);
  if (m.texts.includes('throw')) throw new Error('thrown in the thread');
  const vectors = new Float32Array(m.texts.length * dimensions);
  tasks++;
  m.texts.forEach((_, i) => {
    vectors[i * dimensions] = 1;
    vectors[i * dimensions + 1] = tasks;
  });
  parentPort!.postMessage({ id: m.id, vectors }, [vectors.buffer]);
});
