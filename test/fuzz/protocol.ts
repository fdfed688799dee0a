/** Messages between the sweep's parent (run.ts) and its worker processes (worker.ts). */

export interface WorkerInit {
  /** The corpus as JSON (corpus.ts writeCorpus). */
  corpusFile: string;
  seed: number;
  /** Every mutant through this sweep pipeline (mutate.ts PIPELINES) instead of its file's own passes. */
  pipeline?: number;
  /** Re-parse each successful output and check that it prints the same. */
  reparse: boolean;
  /** Send the mutant's text back with each BUG (for --save) or each shown run. */
  wantText: boolean;
  /** Send the run's diagnostics back (for --show). */
  show: boolean;
}

/** One mutant's outcome. */
export interface WorkerResult {
  index: number;
  /** 'ok', 'error', or the BUG class. */
  cls: string;
  /** CPU milliseconds of the run. */
  ms: number;
  /** CPU milliseconds the worker spent on this mutant in all (mutating, the run, the re-parse, classifying). */
  workerMs?: number;
  exitCode: number;
  /** The corpus file it came from, the mutations applied, the pass flags. */
  seed: string;
  ops: string[];
  args: string[];
  /** For a BUG: the first lines of what went wrong. */
  excerpt?: string;
  text?: string;
  output?: string;
  /** The worker exits after this answer (it has grown big); the parent starts another one. */
  retiring?: boolean;
}
