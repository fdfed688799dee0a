/**
 * A worker thread of a difftest run with --jobs > 1: its own oracle process, batches of indices taken from the
 * shared counter, results posted to the main thread (which keeps the summary and writes the reproducers).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Kind } from './batch.js';
import { Oracle } from './oracle.js';
import { jobLoop, loadSeeds, repoRootOf, type WorkerMessage } from './run.js';

interface WorkerInput { kind: Kind; n: number; seed: number; minimize: boolean; pipelineDir: string; python: string; batch: number; deadline: number; counter: Int32Array }

const w = workerData as WorkerInput;
const root = repoRootOf();
const take = (): number[] => {
  if (w.deadline && Date.now() > w.deadline) return [];
  const from = Atomics.add(w.counter, 0, w.batch);
  if (from >= w.n) return [];
  return Array.from({ length: Math.min(w.batch, w.n - from) }, (_, k) => from + k);
};
const oracle = new Oracle(w.python, root);
try {
  const post = (m: WorkerMessage): void => parentPort!.postMessage(m);
  await jobLoop(w.kind, { oracle, root, seed: w.seed, minimize: w.minimize }, w.kind === 'passes' ? loadSeeds(w.pipelineDir) : [], take, (items) => post({ items }));
  post({ oracleCpu: await oracle.cpuSeconds() });
} finally {
  oracle.close();
}
