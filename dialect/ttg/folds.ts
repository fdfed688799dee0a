/**
 * Folders of the TritonGPU (`ttg`) ops other than ttg.convert_layout (whose canonicalizations live in
 * ./canonicalize.ts), as Triton 3.6 defines them (lib/Dialect/TritonGPU/IR/Ops.cpp):
 *
 * - ttg.local_alloc of a ttg.local_load (immutable result only) → the loaded memdesc, when its type is the
 *   alloc's type;
 * - ttg.memdesc_trans with the identity order → its source; memdesc_trans(memdesc_trans(x)) →
 *   memdesc_trans(x) with the composed order (in place);
 * - ttg.memdesc_reinterpret to its own type → its source.
 *
 * The ttg.warp_specialize canonicalization (unused results / captures) is here as well.
 */
import { DenseArrayAttr } from '../ir/attribute.js';
import type { Operation, Value } from '../ir/ir.js';
import { IntegerType } from '../ir/type.js';
import { registerCanonicalization, registerFolder } from '../ir/rewrite/registry.js';
import type { RewritePattern } from '../ir/rewrite/pattern.js';
import { MemDescType } from './types.js';

function orderOf(op: Operation): number[] {
  const a = op.getAttr('order');
  return a instanceof DenseArrayAttr ? [...a.values] : [];
}

registerFolder('ttg.local_alloc', (op) => {
  const t = op.result().type;
  if (!(t instanceof MemDescType) || t.mutableMemory) return undefined;
  if (op.operands.length === 0) return undefined;
  const load = op.operand(0).definingOp;
  if (!load || load.name !== 'ttg.local_load') return undefined;
  const src = load.operand(0);
  return src.type === t ? src : undefined;
});

registerFolder('ttg.memdesc_trans', (op) => {
  const order = orderOf(op);
  // Triton returns the source for the identity order; the types agree up to equivalent layouts, and a
  // fold must keep the type.
  if (order.every((v, i) => v === i)) return op.operand(0).type === op.result().type ? op.operand(0) : undefined;
  const inner = op.operand(0).definingOp;
  if (inner && inner.name === 'ttg.memdesc_trans') {
    const innerOrder = orderOf(inner);
    op.setAttr('order', DenseArrayAttr.get(IntegerType.get(32), order.map((p) => innerOrder[p]!)));
    op.setOperand(0, inner.operand(0));
    return op.result();
  }
  return undefined;
});

registerFolder('ttg.memdesc_reinterpret', (op) => (op.result().type === op.operand(0).type ? op.operand(0) : undefined));

/**
 * WarpSpecializeOp::canonicalize: drops captures unused in every partition region (and duplicate captures,
 * whose partition arguments are redirected to the first one), and results without uses.
 */
const warpSpecializeCanonicalize: RewritePattern = {
  name: 'WarpSpecializeOp::canonicalize',
  rootName: 'ttg.warp_specialize',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const partitionsOp = op.region(1).blocks[0]?.ops[0];
    if (!partitionsOp) return false;
    const partitionRegions = partitionsOp.regions;
    const unusedResults = new Set<number>();
    op.results.forEach((r, i) => {
      if (r.uses.length === 0) unusedResults.add(i);
    });
    const unusedArgs = new Set<number>();
    const unique = new Map<Value, number>();
    // This IR keeps the explicit captures as operands of the partitions op (see the WarpSpecialize directive).
    const captures = partitionsOp.operandValues;
    for (let i = 0; i < captures.length; i++) {
      if (partitionRegions.every((r) => r.blocks[0]!.args[i]!.uses.length === 0)) {
        unusedArgs.add(i);
        continue;
      }
      const first = unique.get(captures[i]!);
      if (first === undefined) {
        unique.set(captures[i]!, i);
        continue;
      }
      rewriter.modifyOpInPlace(op, () => {
        for (const r of partitionRegions) rewriter.replaceAllUsesWith(r.blocks[0]!.args[i]!, r.blocks[0]!.args[first]!);
      });
      unusedArgs.add(i);
    }
    if (unusedArgs.size === 0 && unusedResults.size === 0) return false;
    if (unusedArgs.size) {
      rewriter.modifyOpInPlace(op, () => {
        const keep = captures.filter((_, i) => !unusedArgs.has(i));
        for (const r of partitionRegions) rewriter.eraseBlockArguments(r.blocks[0]!, [...unusedArgs]);
        partitionsOp.setOperands(keep);
      });
    }
    if (unusedResults.size) {
      for (const block of op.region(0).blocks) {
        const y = block.terminator;
        if (y && y.name === 'ttg.warp_yield') rewriter.modifyOpInPlace(y, () => y.setOperands(y.operandValues.filter((_, i) => !unusedResults.has(i))));
      }
      const newOp = rewriter.create({
        name: op.name,
        operands: [],
        resultTypes: op.results.filter((_, i) => !unusedResults.has(i)).map((r) => r.type),
        attributes: [...op.attributes],
        regions: 2,
        loc: op.loc,
      });
      newOp.region(0).takeBody(op.region(0));
      newOp.region(1).takeBody(op.region(1));
      let k = 0;
      op.results.forEach((r, i) => {
        if (!unusedResults.has(i)) rewriter.replaceAllUsesWith(r, newOp.result(k++));
      });
      rewriter.eraseOp(op);
    }
    return true;
  },
};

registerCanonicalization('ttg.warp_specialize', [warpSpecializeCanonicalize]);
