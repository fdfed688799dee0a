/**
 * `llvm-optimize-for-nvvm-target` (MLIR's NVVMOptimizeForTarget, which Triton's lit tests run after the lowering):
 * f16 division, which NVPTX would otherwise compute slowly, becomes an f32 reciprocal approximation refined by one
 * Newton step, keeping the unrefined quotient where it is zero, denormal, infinite or NaN (exponent bits all zero
 * or all one), then truncated back to f16. It runs under the greedy driver, so, as in MLIR, ops left without uses
 * (by this rewrite or before it) are erased too.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { PatternApplicator, type RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { FloatType, IntegerType, type Type } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';

function emit(rw: PatternRewriter, op: Operation, name: string, operands: Value[], type: Type, attributes: [string, IntegerAttr][] = []): Value {
  return rw.create({ name, operands, resultTypes: [type], attributes, loc: op.loc }).result();
}

const expandF16Division: RewritePattern = {
  name: 'ExpandDivF16',
  rootName: 'llvm.fdiv',
  benefit: 1,
  matchAndRewrite(op, rw) {
    const type = op.result().type;
    if (!(type instanceof FloatType) || type.kind !== 'f16') return false;
    const f32 = FloatType.get('f32');
    const i32 = IntegerType.get(32);
    const u32 = (v: number): [string, IntegerAttr][] => [['value', IntegerAttr.get(IntegerType.get(32, 'unsigned'), BigInt(v))]];
    const [lhs16, rhs16] = op.operandValues;
    const lhs = emit(rw, op, 'llvm.fpext', [lhs16!], f32);
    const rhs = emit(rw, op, 'llvm.fpext', [rhs16!], f32);
    const rcp = emit(rw, op, 'nvvm.rcp.approx.ftz.f', [rhs], f32);
    const approx = emit(rw, op, 'llvm.fmul', [lhs, rcp], f32);
    const negRhs = emit(rw, op, 'llvm.fneg', [rhs], f32);
    const err = emit(rw, op, 'llvm.intr.fma', [approx, negRhs, lhs], f32);
    const refined = emit(rw, op, 'llvm.intr.fma', [err, rcp, approx], f32);
    const mask = emit(rw, op, 'llvm.mlir.constant', [], i32, u32(0x7f800000));
    const bits = emit(rw, op, 'llvm.bitcast', [approx], i32);
    const exponent = emit(rw, op, 'llvm.and', [bits, mask], i32);
    const zero = emit(rw, op, 'llvm.mlir.constant', [], i32, u32(0));
    const i1 = IntegerType.get(1);
    const eq: [string, IntegerAttr][] = [['predicate', IntegerAttr.get(IntegerType.get(64), 0n)]];
    const isZero = emit(rw, op, 'llvm.icmp', [exponent, zero], i1, eq);
    const isInf = emit(rw, op, 'llvm.icmp', [exponent, mask], i1, eq);
    const keep = emit(rw, op, 'llvm.or', [isZero, isInf], i1);
    const result = emit(rw, op, 'llvm.select', [keep, approx, refined], f32);
    rw.replaceOp(op, [emit(rw, op, 'llvm.fptrunc', [result], type)]);
    return true;
  },
};

export const LLVM_OPTIMIZE_FOR_NVVM_TARGET_PASS = registerPass({
  name: 'llvm-optimize-for-nvvm-target',
  className: 'NVVMOptimizeForTarget',
  description: 'Optimize NVVM IR',
  run(module, _options, ctx) {
    const res = applyPatternsGreedily(module, new PatternApplicator([expandF16Division]), {});
    if (!res.converged) {
      ctx.emitError(module, 'llvm-optimize-for-nvvm-target: the greedy rewrite did not converge');
      ctx.signalPassFailure();
    }
  },
});
