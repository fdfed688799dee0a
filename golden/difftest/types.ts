/** What every kind of the differential test reports per case, and the shared run context. */
import type { Oracle } from './oracle.js';

export type Outcome =
  /** Triton and ttg-opt agree. */
  | 'same'
  /** Both ran, texts (or bases) differ; or ttg-opt failed where Triton succeeded. */
  | 'divergence'
  /** Triton's process died on the case (assertion, segfault): counted, not compared. */
  | 'triton-crash'
  /** Triton rejected the input (parser/verifier) or the generator made an invalid case: not compared. */
  | 'rejected'
  /** A pass or layout that one side lacks. */
  | 'unsupported';

export interface CaseResult {
  outcome: Outcome;
  /** A short class for grouping divergences (`pass:tritongpu-coalesce differs`). */
  cls?: string;
  detail?: string;
  /** Files to save as the reproducer (name -> content) and the command that shows the divergence. */
  files?: Record<string, string>;
  command?: string;
  /** Counts to add to the summary's `steps` (kernels: replay verdicts of the compared passes). */
  steps?: Record<string, number>;
}

export interface KindContext {
  oracle: Oracle;
  root: string;
  seed: number;
  /** Minimize divergences (line deletion) when true. */
  minimize: boolean;
}
