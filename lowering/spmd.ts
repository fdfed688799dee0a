/**
 * Program ids (Triton's SPMDOpToLLVM for NVIDIA): `tt.get_program_id` reads `%ctaid.{x,y,z}` (`%clusterid` when the
 * kernel runs several CTAs per cluster), `tt.get_num_programs` reads `%nctaid` (`%nclusterid`).
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { registerLowering } from './conversion.js';

const AXES = ['x', 'y', 'z'];

registerLowering('tt.get_program_id', (op, ctx) => {
  const axis = AXES[(op.getAttr('axis') as IntegerAttr).num]!;
  ctx.replaceWith(ctx.b.sreg(ctx.numCTAs > 1 ? `clusterid.${axis}` : `ctaid.${axis}`));
});

registerLowering('tt.get_num_programs', (op, ctx) => {
  const axis = AXES[(op.getAttr('axis') as IntegerAttr).num]!;
  ctx.replaceWith(ctx.b.sreg(ctx.numCTAs > 1 ? `nclusterid.${axis}` : `nctaid.${axis}`));
});
