// The analysis thread's entry point (see ../analysisThreads.ts): analyses each message it is sent and posts the
// result back under the task's id. A failure is posted as the error's name only: its message could quote content.
import { parentPort } from 'node:worker_threads';
import { analyseMessage } from './analyse.js';
import type { AnalysisContext } from './types.js';

export interface AnalysisTask {
  id: number;
  text: string;
  ctx: AnalysisContext;
}

parentPort!.on('message', (task: AnalysisTask) => {
  try {
    parentPort!.postMessage({ id: task.id, analysis: analyseMessage(task.text, task.ctx) });
  } catch (err) {
    parentPort!.postMessage({ id: task.id, error: (err as Error)?.name ?? 'Error' });
  }
});
