/** One pass of the num_stages=1 corpus against Triton 3.6's next stage, for the per-pass unit tests. */
import { join } from 'node:path';
import { groundTruth } from '../../golden/ground-truth.js';

/**
 * Runs `run` on every case's stage file starting with `beforePrefix` and compares (trimmed) with the file
 * starting with `afterPrefix`; returns how many cases had both files and the ones whose text differs.
 */
export function corpusStageFailures(beforePrefix: string, afterPrefix: string, run: (src: string) => string): { cases: number; failures: string[] } {
  const gt = groundTruth();
  const corpus = 'golden/corpus';
  const failures: string[] = [];
  let cases = 0;
  for (const c of gt.list(corpus).sort()) {
    const files = gt.list(join(corpus, c));
    const before = files.find((f) => f.startsWith(beforePrefix));
    const after = files.find((f) => f.startsWith(afterPrefix));
    if (!before || !after) continue;
    cases++;
    if (run(gt.read(join(corpus, c, before))).trim() !== gt.read(join(corpus, c, after)).trim()) failures.push(`${c}/${after}`);
  }
  return { cases, failures };
}
