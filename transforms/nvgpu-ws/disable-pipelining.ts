/**
 * The last step of Triton 3.6's NVGPUWarpSpecialization (WarpSpecialization.cpp): every `scf.for` of the function,
 * the partitions' loops included, gets `tt.num_stages = 0`, so that the software pipeliner leaves them alone.
 */
import { IntegerAttr } from '../../dialect/ir/attribute.js';
import type { Operation } from '../../dialect/ir/ir.js';
import { ForOp } from '../../dialect/scf/ops.js';

export function disableSoftwarePipelining(func: Operation): void {
  func.walk((op) => {
    if (ForOp.is(op)) op.setAttr('tt.num_stages', IntegerAttr.i32(0));
  });
}
