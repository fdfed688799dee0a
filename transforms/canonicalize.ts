/**
 * The `canonicalize` pass (MLIR's Canonicalizer): every registered canonicalization pattern plus folding,
 * applied by the greedy driver to the regions of the module with the pass defaults: top-down traversal,
 * region simplification 'normal' (no block merging), at most 10 iterations, no rewrite limit.
 * Options (as MLIR's): top-down, region-simplify, max-iterations, max-num-rewrites, disable-patterns,
 * enable-patterns (pattern names).
 */
import type { Operation } from '../dialect/ir/ir.js';
import { applyPatternsGreedily, type GreedyResult, type RegionSimplificationLevel } from '../dialect/ir/rewrite/greedy.js';
import { PatternApplicator } from '../dialect/ir/rewrite/pattern.js';
import { canonicalizationPatternsVersion, getCanonicalizationPatterns } from '../dialect/ir/rewrite/registry.js';
import '../dialect/arith/folds.js';
import '../dialect/tt/canonicalize.js';
import '../dialect/ttg/folds.js';
import '../dialect/ttg/canonicalize.js';
import '../dialect/scf/canonicalize.js';
import '../dialect/cf/canonicalize.js';
import { registerPass, type OptionSchema, type OptionsOf } from './pass.js';

export interface CanonicalizeOptions {
  topDown?: boolean;
  regionSimplify?: RegionSimplificationLevel;
  maxIterations?: number;
  maxNumRewrites?: number;
  disablePatterns?: readonly string[];
  enablePatterns?: readonly string[];
}

/** The canonicalization pattern set (filtered by name), frozen. */
export function canonicalizationPatterns(opts: CanonicalizeOptions = {}): PatternApplicator {
  const all = !opts.disablePatterns?.length && !opts.enablePatterns?.length;
  // The unfiltered set is frozen once per registry state (sorting every pattern per run showed in profiles).
  if (all && frozenAll?.version === canonicalizationPatternsVersion()) return frozenAll.applicator;
  const applicator = filteredPatterns(opts);
  if (all) frozenAll = { version: canonicalizationPatternsVersion(), applicator };
  return applicator;
}
let frozenAll: { version: number; applicator: PatternApplicator } | undefined;

function filteredPatterns(opts: CanonicalizeOptions): PatternApplicator {
  let patterns = getCanonicalizationPatterns();
  if (opts.disablePatterns?.length) patterns = patterns.filter((p) => !p.name || !opts.disablePatterns!.includes(p.name));
  if (opts.enablePatterns?.length) patterns = patterns.filter((p) => p.name !== undefined && opts.enablePatterns!.includes(p.name));
  return new PatternApplicator(patterns);
}

/** Runs canonicalization on the regions nested in `op`. */
export function runCanonicalizer(op: Operation, opts: CanonicalizeOptions = {}): GreedyResult {
  return applyPatternsGreedily(op, canonicalizationPatterns(opts), {
    useTopDownTraversal: opts.topDown ?? true,
    regionSimplification: opts.regionSimplify ?? 'normal',
    maxIterations: opts.maxIterations ?? 10,
    maxNumRewrites: opts.maxNumRewrites ?? -1,
  });
}

/** MLIR's Canonicalizer options (mlir/Transforms/Passes.td), as `--canonicalize=...` takes them. */
const CANONICALIZE_OPTIONS = {
  'top-down': { type: 'bool', default: true, description: 'Seed the worklist in general top-down order' },
  'region-simplify': {
    type: 'enum',
    values: {
      disabled: "Don't run any control-flow simplification.",
      normal: 'Perform simple control-flow simplifications (e.g. dead args elimination).',
      aggressive: 'Perform aggressive control-flow simplification (e.g. block merging).',
    },
    default: 'normal',
    description: 'Perform control flow optimizations to the region tree',
  },
  'max-iterations': { type: 'int', width: 'int64', default: 10, description: 'Max. iterations between applying patterns / simplifying regions' },
  'max-num-rewrites': { type: 'int', width: 'int64', default: -1, description: 'Max. number of pattern rewrites within an iteration' },
  'test-convergence': { type: 'bool', default: false, description: 'Test only: Fail pass on non-convergence to detect cyclic pattern' },
  'disable-patterns': { type: 'list', element: 'string', default: [], description: 'Labels of patterns that should be filtered out during application' },
  'enable-patterns': {
    type: 'list',
    element: 'string',
    default: [],
    description: 'Labels of patterns that should be used during application, all other patterns are filtered out',
  },
} as const satisfies OptionSchema;

/** Canonicalize options from the pass's parsed options. */
export function canonicalizeOptionsFrom(o: OptionsOf<typeof CANONICALIZE_OPTIONS>): CanonicalizeOptions {
  return {
    topDown: o['top-down'],
    regionSimplify: o['region-simplify'],
    maxIterations: o['max-iterations'],
    maxNumRewrites: o['max-num-rewrites'],
    disablePatterns: o['disable-patterns'],
    enablePatterns: o['enable-patterns'],
  };
}

export const CANONICALIZE_PASS = registerPass({
  name: 'canonicalize',
  className: 'Canonicalizer',
  description: 'Canonicalize operations',
  options: CANONICALIZE_OPTIONS,
  run(module, options, ctx) {
    const res = runCanonicalizer(module, canonicalizeOptionsFrom(options));
    if (options['test-convergence'] && !res.converged) {
      ctx.emitError(module, 'Canonicalizer failed to converge');
      ctx.signalPassFailure();
    }
  },
});
