/**
 * `ttg.memdesc_reinterpret` (Triton 3.6's MemDescReinterpretOpConversion): the same bytes under another shape,
 * element type or layout. The new base is the view's own start (the source base advanced by the affine offset of
 * the view's offsets, in source elements, none for a whole allocation — always a `getelementptr`, as Triton's
 * getShmemAffineBase emits it);
 * the new view's offsets are all zero.
 */
import { MemDescType } from '../dialect/ttg/types.js';
import { registerLowering } from './conversion.js';
import { memDescAddressing } from './shared-memory.js';
import { convertElementType } from './type-converter.js';
import { MemDescReinterpretOp } from '../dialect/ttg/ops.js';

registerLowering(MemDescReinterpretOp, (op, ctx) => {
  const b = ctx.b;
  const srcT = MemDescReinterpretOp.src(op).type;
  const dstT = op.result(0).type;
  if (!(srcT instanceof MemDescType) || !(dstT instanceof MemDescType)) return 'expected shared memory descriptors';
  const lowered = ctx.lowered(MemDescReinterpretOp.src);
  // A memdesc that is its whole allocation starts at its base (its offsets are zero by construction).
  const alloc = srcT.allocShape.slice(srcT.allocShape.length - srcT.shape.length);
  const whole = srcT.shape.every((d, i) => d === alloc[i]);
  const addr = whole ? undefined : memDescAddressing(ctx, srcT, lowered);
  if (addr?.padded && addr.affine) return 'reinterpreting a view of a padded shared layout is not supported';
  const base = b.gep(lowered[0]!, convertElementType(srcT.elementType), addr?.affine ?? b.i32(0));
  const zero = b.i32(0);
  ctx.replaceWith([base, ...dstT.shape.map(() => zero)]);
});
