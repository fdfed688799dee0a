/**
 * `--tritongpu-F32DotTC`: decomposes f32 `tt.dot`s with a multi-pass input precision into several tensor-core
 * dots, reproducing Triton 3.6's TritonGPUF32DotTC. `bf16x3` / `bf16x6` split each operand into 2 / 3 bf16
 * parts (truncf, then the remainder after extf/subf) and sum the partial products from the smallest up
 * (x6: mid·mid, lo·hi, hi·lo; then mid·hi, hi·mid) into a zero accumulator, zero the NaNs of that sum, add
 * hi·hi and finally the original accumulator. With `emu-tf32`, `tf32x3` splits each operand into its tf32
 * rounding (`cvt.rna.tf32.f32` inline asm) and the remainder and computes small·big + big·small (NaNs
 * zeroed) + big·big in tf32, then adds the accumulator.
 */
import { FloatAttr, IntegerAttr, StringAttr, type Attribute } from '../dialect/ir/attribute.js';
import type { Location } from '../dialect/ir/location.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { inputPrecisionOf, isF32, maxNumImpreciseAccOf, tensorOf } from '../dialect/ttg/utils/mma-utils.js';
import { DotOp, ElementwiseInlineAsmOp, SplatOp } from '../dialect/tt/ops.js';
import { AddFOp, CmpFOp, ConstantOp, ExtFOp, SelectOp, SubFOp, TruncFOp } from '../dialect/arith/ops.js';
import type { OpHandleCore } from '../dialect/ir/op-handle.js';

const TF32 = 0;
const TF32X3 = 1;
const IEEE = 2;
const BF16X3 = 3;
const BF16X6 = 4;

class Emitter {
  constructor(
    readonly rewriter: PatternRewriter,
    readonly loc: Location,
  ) {}

  op(handle: OpHandleCore, operands: Value[], type: Type, attrs: [string, Attribute][] = []): Value {
    return this.rewriter.create({ name: handle.opName, operands, resultTypes: [type], attributes: attrs, loc: this.loc }).result(0);
  }

  convert(handle: OpHandleCore, v: Value, elt: FloatType): Value {
    return this.op(handle, [v], tensorOf(v).withElementType(elt));
  }

  zeroLike(c: Value): Value {
    const f32 = FloatType.get('f32');
    const zero = this.op(ConstantOp, [], f32, [['value', FloatAttr.get(f32, 0)]]);
    return this.op(SplatOp, [zero], c.type);
  }

  dot(a: Value, b: Value, acc: Value, precision = IEEE, maxNumImpreciseAcc = 0): Value {
    return this.op(DotOp, [a, b, acc], acc.type, [
      ['inputPrecision', IntegerAttr.i32(precision)],
      ['maxNumImpreciseAcc', IntegerAttr.i32(maxNumImpreciseAcc)],
    ]);
  }

  replaceNansWithZeros(v: Value): Value {
    const t = tensorOf(v);
    const nans = this.op(CmpFOp, [v, v], t.withElementType(IntegerType.get(1)), [['predicate', IntegerAttr.get(IntegerType.get(64), 14)]]);
    const zero = this.zeroLike(v);
    return this.op(SelectOp, [nans, zero, v], t);
  }

  /** splitF32: N bf16 parts, each the bf16 rounding of what the previous ones left. */
  splitF32(input: Value, n: number): Value[] {
    const parts: Value[] = [];
    let rest = input;
    for (let i = 0; i < n; i++) {
      const bf16 = this.convert(TruncFOp, rest, FloatType.get('bf16'));
      if (i !== n - 1) {
        const f32 = this.convert(ExtFOp, bf16, FloatType.get('f32'));
        rest = this.op(SubFOp, [rest, f32], rest.type);
      }
      parts.push(bf16);
    }
    return parts;
  }
}

const isF32Operand = (v: Value): boolean => v.type instanceof RankedTensorType && isF32(v.type.elementType);

const bf16xN: RewritePattern = {
  rootName: DotOp.opName,
  name: 'BF16xN',
  matchAndRewrite(dot, rewriter) {
    const precision = inputPrecisionOf(dot);
    const n = precision === BF16X3 ? 2 : precision === BF16X6 ? 3 : 0;
    const [a, b, c] = [DotOp.a(dot), DotOp.b(dot), DotOp.c(dot)];
    if (!isF32Operand(a) || !isF32Operand(b) || n === 0) return false;
    const e = new Emitter(rewriter, dot.loc);
    const [hi, mid, lo] = [0, 1, 2];
    const lhs = e.splitF32(a, n);
    const rhs = e.splitF32(b, n);
    let result = e.zeroLike(c);
    if (precision === BF16X6) {
      result = e.dot(lhs[mid]!, rhs[mid]!, result);
      result = e.dot(lhs[lo]!, rhs[hi]!, result);
      result = e.dot(lhs[hi]!, rhs[lo]!, result);
    }
    result = e.dot(lhs[mid]!, rhs[hi]!, result);
    result = e.dot(lhs[hi]!, rhs[mid]!, result);
    result = e.replaceNansWithZeros(result);
    result = e.dot(lhs[hi]!, rhs[hi]!, result);
    result = e.op(AddFOp, [result, c], result.type);
    rewriter.replaceOp(dot, [result]);
    return true;
  },
};

const tf32x3: RewritePattern = {
  rootName: DotOp.opName,
  name: 'TF32x3',
  matchAndRewrite(dot, rewriter) {
    const [a, b, c] = [DotOp.a(dot), DotOp.b(dot), DotOp.c(dot)];
    if (!(inputPrecisionOf(dot) === TF32X3 && isF32Operand(a) && isF32Operand(b))) return false;
    const e = new Emitter(rewriter, dot.loc);
    const toTF32 = (v: Value): Value =>
      e.op(ElementwiseInlineAsmOp, [v], v.type, [
        ['asm_string', StringAttr.get('cvt.rna.tf32.f32 $0, $1;')],
        ['constraints', StringAttr.get('=r,r')],
        ['pure', IntegerAttr.bool(true)],
        ['packed_element', IntegerAttr.i32(1)],
      ]);
    const sub = (a: Value, b: Value): Value => e.op(SubFOp, [a, b], a.type);
    const maxImprecise = maxNumImpreciseAccOf(dot);
    const aBig = toTF32(a);
    const aSmall = sub(a, aBig);
    const bBig = toTF32(b);
    const bSmall = sub(b, bBig);
    const zero = e.zeroLike(c);
    const dot1 = e.dot(aSmall, bBig, zero, TF32, maxImprecise);
    const dot2 = e.dot(aBig, bSmall, dot1, TF32, maxImprecise);
    const masked = e.replaceNansWithZeros(dot2);
    const dot3 = e.dot(aBig, bBig, masked, TF32, maxImprecise);
    const sum = e.op(AddFOp, [dot3, c], dot3.type);
    rewriter.replaceOp(dot, [sum]);
    return true;
  },
};

export function f32DotTC(module: Operation, emuTF32 = false): void {
  const patterns = emuTF32 ? [tf32x3, bf16xN] : [bf16xN];
  applyPatternsGreedily(module, patterns, { useTopDownTraversal: false });
}

registerPass({
  name: 'tritongpu-F32DotTC',
  className: 'TritonGPUF32DotTC',
  description: 'Emulate dot-product tensor core precision using TF32s or BF16s',
  options: {
    'emu-tf32': { type: 'bool', default: false, description: 'whether to handle InputPrecision TF32xN for Nvidia GPUs' },
  },
  run(module, options) {
    f32DotTC(module, options['emu-tf32']);
  },
});
