/**
 * Sparse conditional constant propagation (MLIR's SCCP pass: DeadCodeAnalysis + SparseConstantPropagation,
 * then the rewrite). The analysis (what is live, which values are constants) is SCCPAnalysis in
 * analysis/dataflow/constant-propagation.ts, on the sparse forward framework AxisInfo shares.
 *
 * Rewrite: blocks in order (nested regions right after their op): every result (then block argument) known
 * to be constant is replaced by a uniqued constant materialized at the front of its insertion region (each
 * new constant goes first, so the last created ends up on top; location unknown); ops whose results were all
 * replaced and that are trivially dead are erased.
 */
import type { Block, Operation, Region, Value } from '../dialect/ir/ir.js';
import { wouldOpBeTriviallyDead } from '../dialect/ir/traits.js';
import { registerPass } from './pass.js';
import { OperationFolder } from '../dialect/ir/rewrite/fold-utils.js';
import { SCCPAnalysis } from '../analysis/dataflow/constant-propagation.js';

export { SCCPAnalysis };

/** Rewrites `regions` with the analysis results (MLIR's SCCP rewrite). */
function rewrite(analysis: SCCPAnalysis, regions: readonly Region[]): void {
  const folder = new OperationFolder();
  const worklist: Block[] = [];
  const addRegions = (rs: readonly Region[]): void => {
    for (const r of rs) for (const b of [...r.blocks].reverse()) worklist.push(b);
  };
  const replaceWithConstant = (v: Value): boolean => {
    const l = analysis.get(v);
    if (l === undefined || l === 'unknown') return false;
    const block = v.parentBlock;
    if (!block) return false;
    const c = folder.getOrCreateConstant(block, l.dialect, l.attr, v.type);
    if (!c) return false;
    v.replaceAllUsesWith(c);
    return true;
  };
  addRegions(regions);
  while (worklist.length) {
    const block = worklist.pop()!;
    for (const op of [...block.ops]) {
      if (op.parent !== block) continue;
      let replacedAll = op.results.length !== 0;
      for (const r of op.results) replacedAll = replaceWithConstant(r) && replacedAll;
      if (replacedAll && wouldOpBeTriviallyDead(op)) {
        op.erase();
        continue;
      }
      addRegions(op.regions);
    }
    for (const a of block.args) replaceWithConstant(a);
  }
}

/** Runs SCCP on `op` (usually the module). */
export function runSCCP(op: Operation): void {
  const analysis = new SCCPAnalysis(op);
  analysis.run();
  rewrite(analysis, op.regions);
}

export const SCCP_PASS = registerPass({
  name: 'sccp',
  className: 'SCCP',
  description: 'Sparse Conditional Constant Propagation',
  run(module) {
    runSCCP(module);
  },
});
