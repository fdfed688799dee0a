/**
 * Program ids (Triton's SPMDOpToLLVM for NVIDIA): `tt.get_program_id` reads `%ctaid.{x,y,z}` (`%clusterid` when the
 * kernel runs several CTAs per cluster), `tt.get_num_programs` reads `%nctaid` (`%nclusterid`).
 */
import { registerLowering } from './conversion.js';
import { GetNumProgramsOp, GetProgramIdOp } from '../dialect/tt/ops.js';

const AXES = ['x', 'y', 'z'];

registerLowering(GetProgramIdOp, (op, ctx) => {
  const axis = AXES[GetProgramIdOp.axis(op).num]!;
  ctx.replaceWith(ctx.b.sreg(ctx.numCTAs > 1 ? `clusterid.${axis}` : `ctaid.${axis}`));
});

registerLowering(GetNumProgramsOp, (op, ctx) => {
  const axis = AXES[GetNumProgramsOp.axis(op).num]!;
  ctx.replaceWith(ctx.b.sreg(ctx.numCTAs > 1 ? `nclusterid.${axis}` : `nctaid.${axis}`));
});
