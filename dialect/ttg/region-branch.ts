/**
 * Region control flow of `ttg.warp_specialize` (Triton 3.6's WarpSpecializeOp::getSuccessorRegions): the op
 * enters only its default region, whose `ttg.warp_yield` returns to the op's results. The partition regions
 * (inside `ttg.warp_specialize.partitions`) are never entered as far as analyses such as SCCP's dead code
 * analysis can tell, so SCCP leaves them as they are.
 */
import { registerRegionBranchOp } from '../ir/rewrite/region-branch.js';

registerRegionBranchOp('ttg.warp_specialize', {
  entrySuccessors(op) {
    return [{ region: op.region(0), operands: [] }];
  },
  terminatorSuccessors(_op, term) {
    return [{ region: undefined, operands: term.operandValues }];
  },
  regionInputs: () => [],
});
