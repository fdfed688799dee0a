/**
 * Elementwise ops (Triton 3.6's ElementwiseOpToLLVM, common and NVIDIA parts, plus MLIR's Arith/MathToLLVM for
 * scalars): each register of the result is computed from the same register of the operands (scalars are one
 * register). Float conversions follow Triton per type pair: f16/bf16 <-> f32 by fpext / `cvt.rn(z).f16.f32`
 * inline PTX / `llvm.nvvm.f2bf16.rn(z)`, fp8 <-> f16/bf16/f32 by Triton's packed PTX sequences (2 or 4 values per
 * instruction), f32 division by `llvm.nvvm.div.full`, f32 exp by `ex2.approx` of x * log2(e); math functions
 * LLVM's NVPTX backend cannot select become libdevice calls (`__nv_logf`, ...), linked at PTX generation.
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr, StringAttr, UnitAttr } from '../dialect/ir/attribute.js';
import { LLVMEnumAttr } from '../dialect/llvm/attrs.js';
import { LLVMVoidType } from '../dialect/llvm/types.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type, elementTypeOf } from '../dialect/ir/type.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import type { LLVMBuilder, FCmpPredicate, ICmpPredicate } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import type { OpRef } from '../dialect/ir/op-handle.js';
import { OneOperand } from '../dialect/ir/operand-traits.js';
import * as arith from '../dialect/arith/ops.js';
import * as math from '../dialect/math/ops.js';
import * as tt from '../dialect/tt/ops.js';
import { PoisonOp } from '../dialect/ub/ops.js';
import { ptx } from './ptx.js';
import { convertElementType } from './type-converter.js';
import { deduplicateAlongConstancy } from './deduplicate.js';

type ElemFn = (b: LLVMBuilder, args: Value[], ctx: LoweringContext, op: Operation) => Value;

/** Registers an elementwise lowering: `fn` maps one register of each operand to one register of the result. */
export function registerElementwise(names: OpRef | readonly OpRef[], fn: ElemFn, opts: { benefit?: number } = {}): void {
  registerLowering(names, (op, ctx) => {
    const ops = ctx.operands();
    const n = ops.length ? Math.max(...ops.map((o) => o.length)) : op.results.length ? numLoweredValues(op.result(0).type) : 1;
    const out: Value[] = [];
    for (let i = 0; i < n; i++) out.push(fn(ctx.b, ops.map((o) => o[o.length === 1 ? 0 : i]!), ctx, op));
    ctx.replaceWith(deduplicateAlongConstancy(op, out, ctx));
  }, opts);
}

/**
 * Registers a lowering of one-operand ops that converts `k` registers at once (packed conversions); `fn` gets and
 * returns k values.
 */
export function registerPackedElementwise(name: OpRef, pack: (op: Operation, ctx: LoweringContext) => number, fn: (b: LLVMBuilder, vals: Value[], ctx: LoweringContext, op: Operation) => Value[]): void {
  registerLowering(name, (op, ctx) => {
    const vals = ctx.lowered(OneOperand.operand);
    const k = Math.max(1, pack(op, ctx));
    const out: Value[] = [];
    for (let i = 0; i < vals.length; i += k) out.push(...fn(ctx.b, vals.slice(i, i + k), ctx, op).slice(0, Math.min(k, vals.length - i)));
    ctx.replaceWith(deduplicateAlongConstancy(op, out, ctx));
  });
}

/** The converted element type of an op's result. */
function resultElemType(op: Operation): Type {
  return convertElementType(elementTypeOf(op.result().type));
}

// ---- integer and float arithmetic ----------------------------------------------------------------------

const BINARY: [OpRef, string][] = [
  [arith.AddIOp, 'llvm.add'],
  [arith.SubIOp, 'llvm.sub'],
  [arith.MulIOp, 'llvm.mul'],
  [arith.DivSIOp, 'llvm.sdiv'],
  [arith.DivUIOp, 'llvm.udiv'],
  [arith.RemSIOp, 'llvm.srem'],
  [arith.RemUIOp, 'llvm.urem'],
  [arith.AndIOp, 'llvm.and'],
  [arith.OrIOp, 'llvm.or'],
  [arith.XOrIOp, 'llvm.xor'],
  [arith.ShLIOp, 'llvm.shl'],
  [arith.ShRSIOp, 'llvm.ashr'],
  [arith.ShRUIOp, 'llvm.lshr'],
  [arith.MaxSIOp, 'llvm.intr.smax'],
  [arith.MinSIOp, 'llvm.intr.smin'],
  [arith.MaxUIOp, 'llvm.intr.umax'],
  [arith.MinUIOp, 'llvm.intr.umin'],
  [arith.AddFOp, 'llvm.fadd'],
  [arith.SubFOp, 'llvm.fsub'],
  [arith.MulFOp, 'llvm.fmul'],
  [arith.RemFOp, 'llvm.frem'],
  [arith.MaxNumFOp, 'llvm.intr.maxnum'],
  [arith.MinNumFOp, 'llvm.intr.minnum'],
  [arith.MaximumFOp, 'llvm.intr.maximum'],
  [arith.MinimumFOp, 'llvm.intr.minimum'],
  [math.CopySignOp, 'llvm.intr.copysign'],
];
for (const [name, llvmName] of BINARY) {
  registerElementwise(name, (b, [x, y]) => b.op(llvmName, [x!, y!], x!.type));
}

registerElementwise(arith.NegFOp, (b, [x]) => b.fneg(x!));

// Integer division rounding up / down (MLIR's expansion of arith.ceildivsi / floordivsi / ceildivui).
registerElementwise(arith.CeilDivUIOp, (b, [x, y]) => {
  const q = b.udiv(x!, y!);
  const r = b.urem(x!, y!);
  return b.select(b.icmp('ne', r, b.int(x!.type, 0)), b.add(q, b.int(x!.type, 1)), q);
});
registerElementwise(arith.CeilDivSIOp, (b, [x, y]) => {
  const zero = b.int(x!.type, 0);
  const q = b.sdiv(x!, y!);
  const r = b.srem(x!, y!);
  const sameSign = b.icmp('eq', b.icmp('slt', r, zero), b.icmp('slt', y!, zero));
  return b.select(b.and(b.icmp('ne', r, zero), sameSign), b.add(q, b.int(x!.type, 1)), q);
});
registerElementwise(arith.FloorDivSIOp, (b, [x, y]) => {
  const zero = b.int(x!.type, 0);
  const q = b.sdiv(x!, y!);
  const r = b.srem(x!, y!);
  const diffSign = b.icmp('ne', b.icmp('slt', r, zero), b.icmp('slt', y!, zero));
  return b.select(b.and(b.icmp('ne', r, zero), diffSign), b.sub(q, b.int(x!.type, 1)), q);
});
registerElementwise(math.IsNaNOp, (b, [x]) => b.fcmp('uno', x!, x!));
registerElementwise(math.IsInfOp, (b, [x]) => b.fcmp('oeq', b.op('llvm.intr.fabs', [x!], x!.type), b.float(x!.type as FloatType, Infinity)));
registerElementwise(math.IsFiniteOp, (b, [x]) => b.fcmp('one', b.op('llvm.intr.fabs', [x!], x!.type), b.float(x!.type as FloatType, Infinity)));

registerElementwise(arith.DivFOp, (b, [x, y], ctx) => {
  const t = x!.type;
  if (t instanceof FloatType && t.width === 32) return b.intrinsic('llvm.nvvm.div.full', [x!, y!], t)!;
  if (t instanceof FloatType && t.width === 64) return b.intrinsic('llvm.nvvm.div.rn.d', [x!, y!], t)!;
  void ctx;
  return b.fdiv(x!, y!);
});

const ICMP: ICmpPredicate[] = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'];
const FCMP: FCmpPredicate[] = ['_false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', '_true'];

registerElementwise(arith.CmpIOp, (b, [x, y], _c, op) => b.icmp(ICMP[arith.CmpIOp.predicate(op).num]!, x!, y!));
registerElementwise(arith.CmpFOp, (b, [x, y], _c, op) => b.fcmp(FCMP[arith.CmpFOp.predicate(op).num]!, x!, y!));
registerElementwise(arith.SelectOp, (b, [c, t, f]) => b.select(c!, t!, f!));

// ---- casts ----------------------------------------------------------------------------------------------

registerElementwise(arith.ExtSIOp, (b, [x], _c, op) => b.sext(x!, resultElemType(op)));
registerElementwise(arith.ExtUIOp, (b, [x], _c, op) => b.zext(x!, resultElemType(op)));
registerElementwise(arith.TruncIOp, (b, [x], _c, op) => b.trunc(x!, resultElemType(op)));
registerElementwise([arith.IndexCastOp, arith.IndexCastUIOp], (b, [x], _c, op) => {
  const to = resultElemType(op) as IntegerType;
  return arith.IndexCastOp.is(op) ? b.sextOrTrunc(x!, to) : b.zextOrTrunc(x!, to);
});
registerElementwise(arith.SIToFPOp, (b, [x], _c, op) => b.op('llvm.sitofp', [x!], resultElemType(op)), { benefit: 1 });

const S8_TO_BF16: PackedCvt = {
  asm:
    '{\n.reg .s8 s<4>;\n.reg .f32 f<4>;\nmov.b32 {s0, s1, s2, s3}, $2;\ncvt.rn.f32.s8 f0, s0;\ncvt.rn.f32.s8 f1, s1;\ncvt.rn.f32.s8 f2, s2;\ncvt.rn.f32.s8 f3, s3;\n' +
    'prmt.b32 $0, f0, f1, 0x7632;\nprmt.b32 $1, f2, f3, 0x7632;\n}',
  inBits: 32,
  outBits: 32,
  n: 4,
};
const S8_TO_BF16_SM90: PackedCvt = {
  asm:
    '{\n.reg .b32 l<3>;\n.reg .b32 h<3>;\nprmt.b32 l0, $2, 0x43, 0x4140;\nprmt.b32 h0, $2, 0x43, 0x4342;\nand.b32 l1, l0, 0xff7fff7f;\nand.b32 h1, h0, 0xff7fff7f;\n' +
    'and.b32 l2, l0, 0xff80ff80;\nand.b32 h2, h0, 0xff80ff80;\nsub.bf16x2 $0, l1, l2;\nsub.bf16x2 $1, h1, h2;\n}',
  inBits: 32,
  outBits: 32,
  n: 4,
};

// i8 → bf16 four at a time with inline PTX (Triton's SIToFPOpConversion; there is no s8 → bf16 cvt before sm90).
registerLowering(
  arith.SIToFPOp,
  (op, ctx) => {
    const src = elementTypeOf(arith.SIToFPOp.in(op).type);
    const dst = elementTypeOf(arith.SIToFPOp.out(op).type);
    const vals = ctx.lowered(arith.SIToFPOp.in);
    if (!(src instanceof IntegerType && src.width === 8 && dst instanceof FloatType && dst.kind === 'bf16') || vals.length < 4) return false;
    const cvt = ctx.computeCapability >= 90 ? S8_TO_BF16_SM90 : S8_TO_BF16;
    const out: Value[] = [];
    for (let i = 0; i + 4 <= vals.length; i += 4) out.push(...runPacked(ctx.b, cvt, vals.slice(i, i + 4), src, dst));
    for (let i = out.length; i < vals.length; i++) out.push(ctx.b.op('llvm.sitofp', [vals[i]!], dst));
    ctx.replaceWith(out);
  },
  { benefit: 2 },
);
registerElementwise(arith.UIToFPOp, (b, [x], _c, op) => b.op('llvm.uitofp', [x!], resultElemType(op)));
registerElementwise(arith.FPToSIOp, (b, [x], _c, op) => b.op('llvm.fptosi', [x!], resultElemType(op)));
registerElementwise(arith.FPToUIOp, (b, [x], _c, op) => b.op('llvm.fptoui', [x!], resultElemType(op)));
registerElementwise([arith.BitcastOp, tt.BitcastOp], (b, [x], _c, op) => b.bitcast(x!, resultElemType(op)));
registerElementwise(tt.IntToPtrOp, (b, [x], _c, op) => b.inttoptr(x!, resultElemType(op)));
registerElementwise(tt.PtrToIntOp, (b, [x], _c, op) => b.ptrtoint(x!, resultElemType(op)));

/** f32 → f16 with `cvt.rn.f16.f32` / `cvt.rz.f16.f32` (Triton's convertFp32ToFp16). */
export function fp32ToFp16(b: LLVMBuilder, v: Value, rtz = false): Value {
  return ptx(b, `cvt.${rtz ? 'rz' : 'rn'}.f16.f32 $0, $1;`, ['=h'], [[v, 'r']], [FloatType.get('f16')], false)[0]!;
}
/** f32 → bf16 with `llvm.nvvm.f2bf16.rn` / `.rz`. */
export function fp32ToBf16(b: LLVMBuilder, v: Value, rtz = false): Value {
  return b.intrinsic(rtz ? 'llvm.nvvm.f2bf16.rz' : 'llvm.nvvm.f2bf16.rn', [v], FloatType.get('bf16'))!;
}

registerElementwise(arith.ExtFOp, (b, [x], _c, op) => b.fpext(x!, resultElemType(op)));
registerElementwise(arith.TruncFOp, (b, [x], _c, op) => {
  const rm = arith.TruncFOp.roundingmode(op);
  const to = resultElemType(op);
  const from = x!.type;
  // toward_zero is not expressible with fptrunc: use the cvt.rz forms.
  if (rm instanceof IntegerAttr && rm.num === 3 && from instanceof FloatType && from.width === 32) {
    if (to instanceof FloatType && to.kind === 'f16') return fp32ToFp16(b, x!, true);
    if (to instanceof FloatType && to.kind === 'bf16') return fp32ToBf16(b, x!, true);
  }
  return b.fptrunc(x!, to);
});

// ---- tt.fp_to_fp ----------------------------------------------------------------------------------------

interface PackedCvt {
  asm: string;
  inBits: number;
  outBits: number;
  n: number;
}

function fp16ToE5M2(rtne: boolean, native: boolean): PackedCvt {
  if (!rtne)
    return {
      asm: '{\n.reg .b32 a<2>;\nand.b32 a0, $1, 0xfffefffe;\nand.b32 a1, $2, 0xfffefffe;\nprmt.b32 $0, a0, a1, 0x7531;\n}',
      inBits: 32,
      outBits: 32,
      n: 4,
    };
  if (native) return { asm: 'cvt.rn.satfinite.e5m2x2.f16x2 $0, $1; \n\t', inBits: 32, outBits: 16, n: 2 };
  return {
    asm: '{\n.reg .b32 a<2>;\nand.b32 a0, $1, 0xfffefffe;\nand.b32 a1, $2, 0xfffefffe;\nadd.u32 a0, a0, 0x00800080;\nadd.u32 a1, a1, 0x00800080;\nprmt.b32 $0, a0, a1, 0x7531;\n}',
    inBits: 32,
    outBits: 32,
    n: 4,
  };
}
function e5m2ToFp16(native: boolean): PackedCvt {
  if (native) return { asm: 'cvt.rn.f16x2.e5m2x2 $0, $1; \n\t', inBits: 16, outBits: 32, n: 2 };
  return { asm: '{\nprmt.b32 $0, 0, $2, 0x5140;\nprmt.b32 $1, 0, $2, 0x7362;\n}', inBits: 32, outBits: 32, n: 4 };
}
function e5m2ToBf16(native: boolean): PackedCvt {
  if (native)
    return {
      asm:
        '{\n.reg .b32 a<2>, b<2>;\n.reg .b32 e112;\nmov.u32 e112, 0x77807780;\nprmt.b32 a0, 0, $2, 0x5140;\nprmt.b32 a1, 0, $2, 0x7362;\n' +
        'lop3.b32 b0, a0, 0x7fff7fff, 0, 0xc0;\nlop3.b32 b1, a1, 0x7fff7fff, 0, 0xc0;\nshr.b32 b0, b0, 3;\nshr.b32 b1, b1, 3;\n' +
        'lop3.b32 b0, b0, 0x80008000, a0, 0xf8;\nlop3.b32 b1, b1, 0x80008000, a1, 0xf8;\nmul.rn.bf16x2 $0, b0, e112;\nmul.rn.bf16x2 $1, b1, e112;\n}',
      inBits: 32,
      outBits: 32,
      n: 4,
    };
  return {
    asm:
      '{\n.reg .b32 a<2>, b<2>, c<4>, d<4>, e112;\nmov.u32 e112, 0x77800000;\nprmt.b32 a0, 0, $2, 0x5140;\nprmt.b32 a1, 0, $2, 0x7362;\n' +
      'lop3.b32 b0, a0, 0x7fff7fff, 0, 0xc0;\nlop3.b32 b1, a1, 0x7fff7fff, 0, 0xc0;\nshr.b32 b0, b0, 3;\nshr.b32 b1, b1, 3;\n' +
      'and.b32 c0, b0, 0xFFFF0000;\nshl.b32 c1, b0, 16;\nand.b32 c2, b1, 0xFFFF0000;\nshl.b32 c3, b1, 16;\n' +
      'mul.f32 d0, c0, e112;\nmul.f32 d1, c1, e112;\nmul.f32 d2, c2, e112;\nmul.f32 d3, c3, e112;\n' +
      'prmt.b32 b0, d0, d1, 0x3276;\nprmt.b32 b1, d2, d3, 0x3276;\nlop3.b32 $0, b0, 0x80008000, a0, 0xf8;\nlop3.b32 $1, b1, 0x80008000, a1, 0xf8;\n}',
    inBits: 32,
    outBits: 32,
    n: 4,
  };
}
function bf16ToE5M2(native: boolean): PackedCvt {
  if (native)
    return {
      asm: '{\n.reg .b16 a<2>;\n.reg .f32 b<2>;\nmov.b32 {a0, a1}, $1;\ncvt.f32.bf16 b0, a0;\ncvt.f32.bf16 b1, a1;\ncvt.rn.satfinite.e5m2x2.f32 $0, b1, b0;\n}',
      inBits: 32,
      outBits: 16,
      n: 2,
    };
  const clamp = (i: number): string =>
    `and.b32 nosign_${i}_0, nosign${i}, 0xffff0000;\nmax.u32 nosign_${i}_0, nosign_${i}_0, 0x38000000;\nmin.u32 nosign_${i}_0, nosign_${i}_0, 0x57e00000;\n` +
    `and.b32 nosign_${i}_1, nosign${i}, 0x0000ffff;\nmax.u32 nosign_${i}_1, nosign_${i}_1, 0x3800;\nmin.u32 nosign_${i}_1, nosign_${i}_1, 0x57e0;\n` +
    `or.b32 nosign${i}, nosign_${i}_0, nosign_${i}_1;\n`;
  return {
    asm:
      '{\n.reg .u32 sign, sign<2>, nosign, nosign<2>;\n.reg .u32 fp8_min, fp8_max, rn_;\nmov.u32 fp8_min, 0x38003800;\nmov.u32 fp8_max, 0x57e057e0;\nmov.u32 rn_, 0x00100010;\n' +
      'and.b32 sign0, $1, 0x80008000;\nand.b32 sign1, $2, 0x80008000;\nprmt.b32 sign, sign0, sign1, 0x7531;\nand.b32 nosign0, $1, 0x7fff7fff;\nand.b32 nosign1, $2, 0x7fff7fff;\n' +
      '.reg .u32 nosign_0_<2>, nosign_1_<2>;\n' +
      clamp(0) +
      clamp(1) +
      'add.u32 nosign0, nosign0, rn_;\nadd.u32 nosign1, nosign1, rn_;\nsub.u32 nosign0, nosign0, 0x38003800;\nsub.u32 nosign1, nosign1, 0x38003800;\n' +
      'shl.b32 nosign0, nosign0, 3;\nshl.b32 nosign1, nosign1, 3;\nprmt.b32 nosign, nosign0, nosign1, 0x7531;\nor.b32 $0, nosign, sign;\n}',
    inBits: 32,
    outBits: 32,
    n: 4,
  };
}
// The single-instruction conversions keep Triton's whitespace, so that the PTX text is the same.
const E4M3_TO_FP16: PackedCvt = { asm: '{ \ncvt.rn.f16x2.e4m3x2 $0, $1; \n}', inBits: 16, outBits: 32, n: 2 };
const FP16_TO_E4M3: PackedCvt = { asm: '{ \ncvt.rn.satfinite.e4m3x2.f16x2 $0, $1; \n}', inBits: 32, outBits: 16, n: 2 };
function e4m3ToBf16(native: boolean): PackedCvt {
  if (native)
    return {
      asm: '{\n.reg .b32 a;\n.reg .f16 a<2>;\n.reg .b16 b<2>;\ncvt.rn.f16x2.e4m3x2 a, $1;\nmov.b32 {a0, a1}, a;\ncvt.bf16.f16 b0, a0;\ncvt.bf16.f16 b1, a1;\nmov.b32 $0, {b0, b1};\n}',
      inBits: 16,
      outBits: 32,
      n: 2,
    };
  return {
    asm:
      '{\n.reg .b32 a;\n.reg .f16 a<2>;\n.reg .f32 b<2>;\n.reg .b16 c<2>;\ncvt.rn.f16x2.e4m3x2 a, $1;\nmov.b32 {a0, a1}, a;\ncvt.f32.f16 b0, a0;\ncvt.f32.f16 b1, a1;\n' +
      'cvt.rn.bf16.f32 c0, b0;\ncvt.rn.bf16.f32 c1, b1;\nmov.b32 $0, {c0, c1};\n}',
    inBits: 16,
    outBits: 32,
    n: 2,
  };
}
const BF16_TO_E4M3: PackedCvt = {
  asm: '{\n.reg .b16 a<2>;\n.reg .f32 b<2>;\nmov.b32 {a0, a1}, $1;\ncvt.f32.bf16 b0, a0;\ncvt.f32.bf16 b1, a1;\ncvt.rn.satfinite.e4m3x2.f32 $0, b1, b0;\n}',
  inBits: 32,
  outBits: 16,
  n: 2,
};
// These two end with " \n" as Triton's, so that the PTX text is the same.
const FP32_TO_E4M3: PackedCvt = { asm: 'cvt.rn.satfinite.e4m3x2.f32  $0, $2, $1; \n', inBits: 32, outBits: 16, n: 2 };
const FP32_TO_E5M2: PackedCvt = { asm: 'cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1; \n', inBits: 32, outBits: 16, n: 2 };

/** Runs a packed conversion on `n` values of LLVM type `inTy`, giving `n` values of LLVM type `outTy`. */
function runPacked(b: LLVMBuilder, cvt: PackedCvt, vals: Value[], inTy: Type, outTy: Type): Value[] {
  const inW = (inTy as IntegerType | FloatType).width;
  const outW = (outTy as IntegerType | FloatType).width;
  const inVec = cvt.inBits / inW;
  const outVec = cvt.outBits / outW;
  const n = vals.length;
  // As Triton's makeConverterFromPtx: one undef vector, every element inserted (in element order), then every
  // packed vector bitcast to an integer.
  const undef = b.undef(VectorType.get([inVec], inTy));
  const vecs: Value[] = [];
  for (let i = 0; i < n; i += inVec) {
    let v = undef;
    for (let k = 0; k < inVec; k++) v = b.insertElement(v, vals[i + k]!, k);
    vecs.push(v);
  }
  const inPacked = vecs.map((v) => b.bitcast(v, IntegerType.get(cvt.inBits)));
  const outNums = n / outVec;
  const outVecTy = VectorType.get([outVec], outTy);
  const outC = cvt.outBits === 16 ? '=h' : '=r';
  const inC = cvt.inBits === 16 ? 'h' : 'r';
  const outs = ptx(
    b,
    cvt.asm,
    new Array<string>(outNums).fill(outC),
    inPacked.map((v) => [v, inC] as const),
    new Array<Type>(outNums).fill(outVecTy),
    false,
  );
  const res: Value[] = [];
  for (let i = 0; i < n; i++) res.push(b.extractElement(outs[Math.floor(i / outVec)]!, i % outVec));
  return res;
}

type FpKind = 'f16' | 'bf16' | 'f32' | 'e4m3' | 'e5m2' | 'other';
function fpKind(t: Type): FpKind {
  if (!(t instanceof FloatType)) return 'other';
  switch (t.kind) {
    case 'f16':
    case 'bf16':
    case 'f32':
      return t.kind;
    case 'f8E4M3FN':
      return 'e4m3';
    case 'f8E5M2':
      return 'e5m2';
    default:
      return 'other';
  }
}

function fpToFpTable(src: FpKind, dst: FpKind, rtne: boolean, cc: number): PackedCvt | undefined {
  const key = `${src}>${dst}`;
  switch (key) {
    case 'e4m3>f16':
      return E4M3_TO_FP16;
    case 'e5m2>f16':
      return e5m2ToFp16(cc >= 89);
    case 'f16>e4m3':
      return rtne ? FP16_TO_E4M3 : undefined;
    case 'f16>e5m2':
      return fp16ToE5M2(rtne, cc >= 89);
    case 'e5m2>bf16':
      return e5m2ToBf16(cc >= 90);
    case 'e4m3>bf16':
      return e4m3ToBf16(cc >= 90);
    case 'bf16>e5m2':
      return rtne ? bf16ToE5M2(cc >= 89) : undefined;
    case 'bf16>e4m3':
      return rtne ? BF16_TO_E4M3 : undefined;
    case 'f32>e4m3':
      return rtne ? FP32_TO_E4M3 : undefined;
    case 'f32>e5m2':
      return rtne ? FP32_TO_E5M2 : undefined;
  }
  return undefined;
}

registerLowering(tt.FpToFpOp, (op, ctx) => {
  const b = ctx.b;
  const vals = ctx.lowered(tt.FpToFpOp.src);
  const srcT = elementTypeOf(tt.FpToFpOp.src(op).type);
  const dstT = elementTypeOf(op.result().type);
  const src = fpKind(srcT);
  const dst = fpKind(dstT);
  const r = tt.FpToFpOp.rounding(op);
  const rtz = r instanceof IntegerAttr && r.num === 0;
  const rtne = !rtz;
  const f16 = FloatType.get('f16');
  const f32 = FloatType.get('f32');
  if ((src === 'f16' || src === 'bf16') && dst === 'f32') return ctx.replaceWith(vals.map((v) => b.fpext(v, f32)));
  if (src === 'f32' && dst === 'f16') return ctx.replaceWith(vals.map((v) => fp32ToFp16(b, v, rtz)));
  if (src === 'f32' && dst === 'bf16') return ctx.replaceWith(vals.map((v) => fp32ToBf16(b, v, rtz)));
  if (src === 'f16' && dst === 'bf16') return ctx.replaceWith(vals.map((v) => fp32ToBf16(b, b.fpext(v, f32), rtz)));
  if (src === 'bf16' && dst === 'f16') return ctx.replaceWith(vals.map((v) => fp32ToFp16(b, b.fpext(v, f32), rtz)));
  const cc = ctx.computeCapability;
  // f32 sources go through f16 (with rtz) unless sm90 has a native f32 -> fp8 conversion.
  const viaF16Src = src === 'f32' && (!(cc >= 90 && (dst === 'e4m3' || dst === 'e5m2')) || rtz);
  const dstIsF32 = dst === 'f32';
  const cSrc: FpKind = viaF16Src ? 'f16' : src;
  const cDst: FpKind = dstIsF32 ? 'f16' : dst;
  const cvt = fpToFpTable(cSrc, cDst, rtne, cc);
  if (!cvt) return `unsupported conversion ${srcT.key} -> ${dstT.key}`;
  if ((src === 'e4m3' || dst === 'e4m3') && cc < 89) return 'conversion from/to f8e4m3nv is only supported on compute capability >= 89';
  const inTy = cSrc === 'f16' ? f16 : convertElementType(cSrc === src ? srcT : f16);
  const outTy = cDst === 'f16' ? f16 : convertElementType(dstT);
  const out: Value[] = [];
  for (let i = 0; i < vals.length; i += cvt.n) {
    let chunk = vals.slice(i, i + cvt.n);
    if (viaF16Src) chunk = chunk.map((v) => fp32ToFp16(b, v, true));
    const real = chunk.length;
    while (chunk.length < cvt.n) chunk.push(b.undef(inTy));
    let res = runPacked(b, cvt, chunk, inTy, outTy).slice(0, real);
    if (dstIsF32) res = res.map((v) => b.fpext(v, f32));
    out.push(...res);
  }
  ctx.replaceWith(out);
});

// ---- math --------------------------------------------------------------------------------------------

function isF32(t: Type): boolean {
  return t instanceof FloatType && t.width === 32;
}
function isF64(t: Type): boolean {
  return t instanceof FloatType && t.width === 64;
}

/** Unary math ops LLVM's NVPTX backend selects natively, for every float width. */
const NATIVE_UNARY: [OpRef, string][] = [
  [math.AbsFOp, 'llvm.intr.fabs'],
  [math.CeilOp, 'llvm.intr.ceil'],
  [math.FloorOp, 'llvm.intr.floor'],
  [math.TruncOp, 'llvm.intr.trunc'],
  [math.RoundEvenOp, 'llvm.intr.roundeven'],
  [math.SqrtOp, 'llvm.intr.sqrt'],
];
/** Ops Triton 3.6 hands to libdevice for f32/f64 (MLIR's GPU-to-NVVM call patterns): `__nv_sqrtf` compiles to
 *  sqrt.approx.ftz.f32 under nvvm-reflect-ftz, where llvm.intr.sqrt would be the slower sqrt.rn.f32. */
const LIBDEVICE_FOR_F32_F64 = new Map<OpRef, string>([
  [math.SqrtOp, 'sqrt'],
  [math.FloorOp, 'floor'],
  [math.CeilOp, 'ceil'],
]);
for (const [name, intr] of NATIVE_UNARY) {
  const fn = LIBDEVICE_FOR_F32_F64.get(name);
  registerElementwise(name, (b, [x], ctx) =>
    fn !== undefined && (isF32(x!.type) || isF64(x!.type)) ? libdevice(ctx, fn, x!) : b.op(intr, [x!], x!.type),
  );
}

registerElementwise(math.FmaOp, (b, [x, y, z]) => b.fma(x!, y!, z!));
registerElementwise(math.AbsIOp, (b, [x]) => b.op('llvm.intr.abs', [x!], x!.type, [['is_int_min_poison', IntegerAttr.bool(false)]]));
registerElementwise(math.CountLeadingZerosOp, (b, [x]) => b.op('llvm.intr.ctlz', [x!], x!.type, [['is_zero_poison', IntegerAttr.bool(false)]]));
registerElementwise(math.CountTrailingZerosOp, (b, [x]) => b.op('llvm.intr.cttz', [x!], x!.type, [['is_zero_poison', IntegerAttr.bool(false)]]));
registerElementwise(math.CtPopOp, (b, [x]) => b.op('llvm.intr.ctpop', [x!], x!.type));

const LOG2E = Math.LOG2E;
registerElementwise(math.ExpOp, (b, [x], ctx) => {
  if (isF32(x!.type)) return b.intrinsic('llvm.nvvm.ex2.approx.f32', [b.fmul(x!, b.f32(Math.fround(LOG2E)))], x!.type)!;
  return libdevice(ctx, 'exp', x!);
});
// math.exp2 is not one of Triton's NVIDIA elementwise patterns: MLIR's GPU-to-NVVM math patterns turn it into
// libdevice's __nv_exp2f, so its flush-to-zero follows the nvvm-reflect-ftz flag (ex2.approx.ftz.f32 under
// Triton's default enable_reflect_ftz, as in Triton's PTX of every exp2 kernel of the pipeline corpus).
registerElementwise(math.Exp2Op, (_b, [x], ctx) => libdevice(ctx, 'exp2', x!));

/** Calls the libdevice version of a unary function (`__nv_<name>f` for f32, `__nv_<name>` for f64; f16/bf16 via f32). */
function libdevice(ctx: LoweringContext, name: string, ...args: Value[]): Value {
  const b = ctx.b;
  const t = args[0]!.type;
  if (isF64(t)) return ctx.callExtern(`__nv_${name}`, args, t);
  if (isF32(t)) return ctx.callExtern(`__nv_${name}f`, args, t);
  const f32 = FloatType.get('f32');
  const r = ctx.callExtern(`__nv_${name}f`, args.map((a) => b.fpext(a, f32)), f32);
  return b.fptrunc(r, t);
}

const LIBDEVICE_UNARY: [OpRef, string][] = [
  [math.LogOp, 'log'],
  [math.Log2Op, 'log2'],
  [math.Log10Op, 'log10'],
  [math.Log1pOp, 'log1p'],
  [math.ExpM1Op, 'expm1'],
  [math.SinOp, 'sin'],
  [math.CosOp, 'cos'],
  [math.TanOp, 'tan'],
  [math.AsinOp, 'asin'],
  [math.AcosOp, 'acos'],
  [math.AtanOp, 'atan'],
  [math.SinhOp, 'sinh'],
  [math.CoshOp, 'cosh'],
  [math.TanhOp, 'tanh'],
  [math.AsinhOp, 'asinh'],
  [math.AcoshOp, 'acosh'],
  [math.AtanhOp, 'atanh'],
  [math.ErfOp, 'erf'],
  [math.ErfcOp, 'erfc'],
  [math.RsqrtOp, 'rsqrt'],
  [math.CbrtOp, 'cbrt'],
  [math.RoundOp, 'round'],
];
for (const [name, fn] of LIBDEVICE_UNARY) registerElementwise(name, (_b, [x], ctx) => libdevice(ctx, fn, x!));
registerElementwise(math.Atan2Op, (_b, [x, y], ctx) => libdevice(ctx, 'atan2', x!, y!));
registerElementwise(math.PowFOp, (_b, [x, y], ctx) => libdevice(ctx, 'pow', x!, y!));

registerElementwise(tt.PreciseSqrtOp, (b, [x]) => {
  if (isF32(x!.type)) return b.intrinsic('llvm.nvvm.sqrt.rn.f', [x!], x!.type)!;
  return b.op('llvm.intr.sqrt', [x!], x!.type);
});
registerElementwise(tt.PreciseDivFOp, (b, [x, y]) => {
  if (isF32(x!.type)) return b.intrinsic('llvm.nvvm.div.rn.f', [x!, y!], x!.type)!;
  if (isF64(x!.type)) return b.intrinsic('llvm.nvvm.div.rn.d', [x!, y!], x!.type)!;
  return b.fdiv(x!, y!);
});

// Triton's MulhiUIOpConversion: libdevice's __nv_umulhi / __nv_umul64hi, declared through appendOrGetExternFuncOp
// (empty libname and libpath attributes); other widths, which Triton rejects, widen and shift.
registerElementwise(tt.MulhiUIOp, (b, [x, y], ctx) => {
  const t = x!.type as IntegerType;
  if (t.width === 32 || t.width === 64) {
    const noLib: [string, StringAttr][] = [
      ['libname', StringAttr.get('')],
      ['libpath', StringAttr.get('')],
    ];
    return ctx.callExtern(t.width === 32 ? '__nv_umulhi' : '__nv_umul64hi', [x!, y!], t, noLib);
  }
  const wide = IntegerType.get(t.width * 2);
  const p = b.mul(b.zext(x!, wide), b.zext(y!, wide));
  return b.trunc(b.lshr(p, b.int(wide, t.width)), t);
});

/** The splat / scalar float constant a value is defined by, if any. */
function floatConstantOf(v: Value): number | undefined {
  let d = v.definingOp;
  if (d && tt.SplatOp.is(d)) d = tt.SplatOp.src(d).definingOp;
  if (!d || !arith.ConstantOp.is(d)) return undefined;
  const a = arith.ConstantOp.value(d);
  if (a instanceof FloatAttr) return a.value;
  if (a instanceof DenseElementsAttr && a.isSplat) return Number(a.splatValue());
  return undefined;
}

/** Triton's ClampFOpConversion::isClipPattern: clamp(x, -limit, limit) written in one of the usual ways. */
function isClipPattern(op: Operation): boolean {
  const lo = tt.ClampFOp.min(op);
  const hi = tt.ClampFOp.max(op);
  const neg = lo.definingOp;
  if (neg && arith.NegFOp.is(neg) && arith.NegFOp.operand(neg) === hi) return true;
  const ls = lo.definingOp;
  const hs = hi.definingOp;
  if (ls && hs && tt.SplatOp.is(ls) && tt.SplatOp.is(hs)) {
    const n = tt.SplatOp.src(ls).definingOp;
    if (n && arith.NegFOp.is(n) && arith.NegFOp.operand(n) === tt.SplatOp.src(hs)) return true;
  }
  if (neg && arith.SubFOp.is(neg) && arith.SubFOp.rhs(neg) === hi && floatConstantOf(arith.SubFOp.lhs(neg)) === 0) return true;
  const a = floatConstantOf(lo);
  const c = floatConstantOf(hi);
  return a !== undefined && c !== undefined && a === -c;
}

registerElementwise(tt.ClampFOp, (b, [x, lo, hi], ctx, op) => {
  const nan = tt.ClampFOp.propagateNan(op);
  const all = nan instanceof IntegerAttr && nan.num !== 0;
  const t = x!.type;
  // sm90: min(|x|, limit) with x's sign in one instruction.
  if (ctx.computeCapability >= 90 && t instanceof FloatType && (t.kind === 'f32' || t.kind === 'f16') && isClipPattern(op)) {
    const name = `llvm.nvvm.fmin${all ? '.nan' : ''}.xorsign.abs${t.kind === 'f32' ? '.f' : '.f16'}`;
    return b.intrinsic(name, [x!, hi!], t)!;
  }
  const max = all ? 'llvm.intr.maximum' : 'llvm.intr.maxnum';
  const min = all ? 'llvm.intr.minimum' : 'llvm.intr.minnum';
  return b.op(min, [b.op(max, [x!, lo!], t), hi!], t);
});

registerElementwise(tt.ExternElementwiseOp, (b, args, ctx, op) => {
  const sym = tt.ExternElementwiseOp.symbol(op).value;
  const rt = resultElemType(op);
  void b;
  return ctx.callExtern(sym, args, rt);
});

registerElementwise(PoisonOp, (b, _args, _c, op) => b.poison(resultElemType(op)));

// ---- tt.elementwise_inline_asm -------------------------------------------------------------------------

/** Bit width of an LLVM element type (pointers count as 64). */
function widthOf(t: Type): number {
  return t instanceof IntegerType || t instanceof FloatType ? t.width : 64;
}

/**
 * Triton's ElementwiseInlineAsmOpConversion: `packed_element` registers of every operand go to one asm
 * statement, packed into 32-bit vectors (`vector<4xi8>`, `vector<2xf16>`) when narrower; each result comes back
 * the same way (several outputs in a struct).
 */
registerLowering(tt.ElementwiseInlineAsmOp, (op, ctx) => {
  const b = ctx.b;
  const asm = tt.ElementwiseInlineAsmOp.asm_string(op).value;
  const constraints = tt.ElementwiseInlineAsmOp.constraints(op).value;
  const pure = tt.ElementwiseInlineAsmOp.pure(op).num === 1;
  const pack = Math.max(1, tt.ElementwiseInlineAsmOp.packed_element(op).num);
  const ins = ctx.operands();
  const n = op.results.length ? ctxLen(op.result(0).type, ins) : (ins[0]?.length ?? 1);
  const inElem = op.operandValues.map((v) => convertElementType(elementTypeOf(v.type)));
  const resElem = op.results.map((r) => convertElementType(elementTypeOf(r.type)));
  const perReg = (t: Type): number => Math.min(Math.max(Math.floor(32 / widthOf(t)), 1), pack);
  const retTypes: Type[] = [];
  for (const rt of resElem) {
    const k = perReg(rt);
    for (let i = 0; i < pack / k; i++) retTypes.push(k > 1 ? VectorType.get([k], rt) : rt);
  }
  const outs: Value[][] = op.results.map(() => []);
  for (let i = 0; i < n; i += pack) {
    const operands: Value[] = [];
    ins.forEach((vals, k) => {
      const et = inElem[k]!;
      const per = perReg(et);
      const at = (j: number): Value => vals[vals.length === 1 ? 0 : Math.min(i + j, vals.length - 1)]!;
      for (let j = 0; j < pack; j += per) {
        if (per === 1) {
          operands.push(at(j));
          continue;
        }
        let v = b.undef(VectorType.get([per], et));
        for (let q = 0; q < per; q++) v = b.insertElement(v, at(j + q), q);
        operands.push(v);
      }
    });
    const retType = retTypes.length === 0 ? undefined : retTypes.length === 1 ? retTypes[0]! : LLVMStructType.getLiteral(retTypes);
    const attrs: [string, import('../dialect/ir/attribute.js').Attribute][] = [
      ['asm_string', StringAttr.get(asm)],
      ['constraints', StringAttr.get(constraints)],
      ['asm_dialect', LLVMEnumAttr.get('asm_dialect', 'att')],
    ];
    if (!pure) attrs.push(['has_side_effects', UnitAttr.get()]);
    const asmOp = b.create('llvm.inline_asm', operands, [retType ?? LLVMVoidType.get()], attrs);
    if (!retType) continue;
    const res = asmOp.result(0);
    const regs = retTypes.length === 1 ? [res] : retTypes.map((_, k) => b.extractValue(res, k));
    let k = 0;
    resElem.forEach((rt, ri) => {
      const per = perReg(rt);
      for (let j = 0; j < pack / per; j++) {
        const reg = regs[k++]!;
        if (per === 1) outs[ri]!.push(reg);
        else for (let q = 0; q < per; q++) outs[ri]!.push(b.extractElement(reg, q));
      }
    });
  }
  ctx.replace(op.results.map((r, i) => outs[i]!.slice(0, ctxLen(r.type, ins))));
});

import { LLVMStructType } from '../dialect/llvm/types.js';
import { numLoweredValues } from './type-converter.js';
function ctxLen(t: Type, ins: Value[][]): number {
  if (t instanceof RankedTensorType) return numLoweredValues(t);
  return ins[0]?.length ?? 1;
}
void LLVMPointerType;
