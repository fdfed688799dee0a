/**
 * `ttng.warp_group_dot` → `wgmma.mma_async` inline PTX on sm90a (Triton 3.6's WGMMA.cpp + the NVGPU WGMMAOp /
 * WGMMAWaitGroupOp rewrites), and `ttng.warp_group_dot_wait`.
 *
 * Sequence: `wgmma.fence`, one `wgmma.mma_async.sync.aligned.m64nNkK` per (M rep, N rep, K step) accumulating
 * in registers, `wgmma.commit_group`, and unless the dot is async `wgmma.wait_group 0` on the accumulators.
 *
 * Shared-memory operands are passed as 64-bit matrix descriptors built from the `#ttg.nvmma_shared` layout
 * (Triton's DotOpMmaSmemLoader): the layout's inverse (coordinate → element offset) gives the byte offset of
 * each tile origin (added to the 14-bit start address, with its 128-byte row phase as the matrix base offset)
 * and the leading/stride byte offsets (the offsets of the first basis beyond the swizzle atom along each dim,
 * when the instruction is larger than the atom there); the swizzle mode comes from the swizzle width. The
 * shared base (in 16-byte units) includes the warpgroup's offset: the mma layout's warp bases beyond the first
 * two (one warpgroup) along M (A) or N (B), mapped through the operand's layout.
 *
 * A register operand A (dot_op of the mma v3 layout) is packed into 32-bit registers by coordinates like the
 * mma v2 lowering, and checked against the wgmma A fragment (whose K order is fixed by B's descriptor). The
 * accumulator registers are found by coordinates and checked against the wgmma D fragment for the 4 warps of a
 * warpgroup and all lanes.
 */
import { DenseElementsAttr, IntegerAttr } from '../../dialect/ir/attribute.js';
import type { Operation, Value } from '../../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type } from '../../dialect/ir/type.js';
import { LinearLayout } from '../../dialect/linear-layout/linear-layout.js';
import { NVMMASharedEncodingAttr } from '../../dialect/ttg/attrs/shared.js';
import { memDescLinearLayout } from '../../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { registerLowering, type LoweringContext } from '../conversion.js';
import { applyLinearLayout, tensorLayout, WARP } from '../layout-indices.js';
import { nvgWarpId, nvgWGMMA, nvgWGMMAWaitGroup, type WGMMAShape } from '../nvg-builders.js';
import type { WGMMAEltType } from '../../dialect/nvg/ops.js';
import { LLVMStructType } from '../../dialect/llvm/types.js';
import { memDescAddressing } from '../shared-memory.js';
import { convertElementType } from '../type-converter.js';
import { coordAt, registerMap } from './mma-v2.js';
import { WarpGroupDotOp, WarpGroupDotWaitOp } from '../../dialect/ttng/ops.js';
import { ConstantOp } from '../../dialect/arith/ops.js';

const i32 = (): IntegerType => IntegerType.get(32);
const i64 = (): IntegerType => IntegerType.get(64);

function log2(x: number): number {
  return 31 - Math.clz32(x);
}

/** Whether a value is a splat zero constant (Triton's isZeroConst). */
export function isZeroConst(v: Value): boolean {
  const d = v.definingOp;
  if (!d || !ConstantOp.is(d)) return false;
  const a = ConstantOp.value(d);
  if (a instanceof DenseElementsAttr) return a.values.every((x) => Number(x) === 0);
  if (a instanceof IntegerAttr) return a.num === 0;
  return false;
}

/** The wgmma PTX element type name of an operand / accumulator element type. */
function wgmmaElt(t: Type, allowTF32: boolean): string | undefined {
  if (t instanceof FloatType) {
    if (t.kind === 'f16') return 'f16';
    if (t.kind === 'bf16') return 'bf16';
    if (t.kind === 'f32') return allowTF32 ? 'tf32' : undefined;
    if (t.kind === 'f8E4M3FN') return 'e4m3';
    if (t.kind === 'f8E5M2') return 'e5m2';
    return undefined;
  }
  if (t instanceof IntegerType && t.width === 8) return 's8';
  return undefined;
}

function accElt(t: Type): string | undefined {
  if (t instanceof FloatType && t.kind === 'f32') return 'f32';
  if (t instanceof FloatType && t.kind === 'f16') return 'f16';
  if (t instanceof IntegerType && t.width === 32) return 's32';
  return undefined;
}

/** A shared-memory operand's descriptor generator (Triton's DotOpMmaSmemLoader for mma v3). */
export interface SmemDescriptor {
  /** The descriptor of the tile at coordinates (dim0, dim1) of the view. */
  at(a: number, b: number): Value;
  /** Whether the layout is transposed (MN-contiguous for A, K-contiguous... as the encoding says). */
  transposed: boolean;
  constBits: (a: number, b: number) => bigint;
}

/**
 * Builds the descriptors of a memdesc operand. `instr` is the instruction's extent along (dim0, dim1) of the
 * memdesc, `mnDim` the memdesc dim that is M (A: 0) or N (B: 1); `warpMN` gives, for each warp bit, the M/N
 * offset the mma layout's warps move along.
 */
/** Triton's getOffsetedBase: the memdesc's base moved by its view offset (elements). */
export function offsetedBase(ctx: LoweringContext, memT: MemDescType, lowered: readonly Value[]): Value {
  const addr = memDescAddressing(ctx, memT, lowered);
  const base = lowered[0]!;
  return addr.affine ? ctx.b.gep(base, convertElementType(memT.elementType), addr.affine) : base;
}

export function buildSmemDescriptor(
  ctx: LoweringContext,
  memT: MemDescType,
  base: Value,
  instr: readonly [number, number],
  mnDim: 0 | 1,
  warpMN: readonly number[],
): SmemDescriptor | string {
  const b = ctx.b;
  const enc = memT.encoding;
  if (!(enc instanceof NVMMASharedEncodingAttr)) return 'operand is not in an nvmma_shared layout';
  if (enc.fp4Padded) return 'fp4 padded operands are not supported';
  if (memT.shape.length !== 2) return 'operand is not rank 2';
  const bits = convertElementTypeBits(memT.elementType);
  const ll = memDescLinearLayout(memT);
  const inv = ll.pseudoinvert();
  const offsetOf = (a: number, c: number): number => {
    const r = inv.apply([
      ['dim0', a],
      ['dim1', c],
    ]);
    return r.find(([d]) => d === 'offset')![1];
  };
  const swizzle = enc.swizzlingByteWidth;
  const transposed = enc.transposed;
  const contigDim = transposed ? 0 : 1;
  const tileSize = (d: number): number => (d === contigDim ? ((swizzle === 0 ? 16 : swizzle) * 8) / bits : 8);
  let leadingDim = transposed ? 0 : 1;
  let stridedDim = transposed ? 1 : 0;
  const mnContig = (mnDim === 0) === transposed;
  if (swizzle === 0 && mnContig) [leadingDim, stridedDim] = [stridedDim, leadingDim];
  const basisOffset = (d: number, i: number): number => (d === 0 ? offsetOf(1 << i, 0) : offsetOf(0, 1 << i));
  for (const d of [0, 1]) {
    if (instr[d]! > memT.allocShape[memT.allocShape.length - 2 + d]!) return `instruction extent ${instr[d]} exceeds the operand`;
  }
  let lbo = 0;
  let sbo = 0;
  if (instr[leadingDim]! > tileSize(leadingDim)) lbo = basisOffset(leadingDim, log2(tileSize(leadingDim)));
  if (instr[stridedDim]! > tileSize(stridedDim)) sbo = basisOffset(stridedDim, log2(tileSize(stridedDim)));
  const mode = swizzle === 0 ? 0n : swizzle === 32 ? 3n : swizzle === 64 ? 2n : swizzle === 128 ? 1n : -1n;
  if (mode < 0n) return `unsupported swizzle width ${swizzle}`;
  const field = (x: number): bigint => BigInt(((x * bits) / 8) >> 4) & 0x3fffn;
  const baseDesc = (field(lbo) << 16n) | (field(sbo) << 32n) | (mode << 62n);

  // Base address in 16-byte units, plus the warpgroup's offset, masked to the 14-bit start field.
  let base16 = b.lshr(b.ptrtoint(base, i32()), b.i32(4));
  const elemsPer16B = 128 / bits;
  const warpOffsets: number[][] = [];
  for (let i = 0; i < warpMN.length; i++) {
    if (i < 2 || warpMN[i] === 0) {
      warpOffsets.push([0]);
      continue;
    }
    const off = mnDim === 0 ? offsetOf(warpMN[i]!, 0) : offsetOf(0, warpMN[i]!);
    if (off % elemsPer16B !== 0) return 'warpgroup offset is not 16-byte aligned';
    warpOffsets.push([off / elemsPer16B]);
  }
  // As Triton (mma v3), always: the warpgroup's offset (zero with one warpgroup) through the warp id, the layout
  // keeping the shared layout's offset size (that size decides how the GF(2) product combines its bits).
  const W = LinearLayout.fromBasesWithSizes([[WARP, warpOffsets]], [['offset', ll.getInDimSize('offset')]], false);
  // Triton's WarpIdOp: the warp id, warp-uniform for ptxas (a shuffle from lane 0 once lowered).
  const warpId = nvgWarpId(b);
  const wOff = applyLinearLayout(b, W, [[WARP, warpId]])[0]![1];
  base16 = b.add(base16, wOff);
  base16 = b.zext(b.and(base16, b.i32(0x3fff)), i64());
  const mask = swizzle === 0 ? 7 : (swizzle >> 4) - 1;
  const constBits = (a: number, c: number): bigint => {
    const off = offsetOf(a, c);
    const byteOff = (off * bits) / 8;
    const baseOffset = BigInt(Math.floor(byteOff / 128) & mask & 7);
    return baseDesc + (baseOffset << 49n) + BigInt(byteOff >> 4);
  };
  const cache = new Map<string, Value>();
  return {
    transposed,
    constBits,
    at: (a: number, c: number): Value => {
      const k = `${a},${c}`;
      let v = cache.get(k);
      if (!v) cache.set(k, (v = b.add(base16, b.i64(BigInt.asIntN(64, constBits(a, c))))));
      return v;
    },
  };
}

function convertElementTypeBits(t: Type): number {
  if (t instanceof FloatType || t instanceof IntegerType) return t.width;
  return 64;
}

/** Lowers ttng.warp_group_dot. */
function lowerWarpGroupDot(op: Operation, ctx: LoweringContext): string | void {
  const b = ctx.b;
  if (ctx.computeCapability < 90) return 'wgmma needs sm90';
  const aV = WarpGroupDotOp.a(op);
  const bV = WarpGroupDotOp.b(op);
  const cV = WarpGroupDotOp.c(op);
  const useCOperand = WarpGroupDotOp.useC(op);
  const dT = op.result(0).type as RankedTensorType;
  const bT = bV.type as MemDescType;
  const aIsSmem = aV.type instanceof MemDescType;
  const aElemTy = aIsSmem ? (aV.type as MemDescType).elementType : (aV.type as RankedTensorType).elementType;
  const precAttr = op.getAttr('inputPrecision');
  const allowTF32 = precAttr instanceof IntegerAttr ? precAttr.num === 0 : false;
  const eltA = wgmmaElt(aElemTy, allowTF32);
  const eltB = wgmmaElt(bT.elementType, allowTF32);
  const eltC = accElt(dT.elementType);
  if (!eltA || !eltB || !eltC) ctx.error('ttng.warp_group_dot: unsupported element types');
  const enc = dT.encoding;
  if (!enc || !('instrShape' in enc) || !('warpsPerCTA' in enc)) ctx.error('ttng.warp_group_dot: result is not in an mma v3 layout');
  const instrShape = (enc as unknown as { instrShape: readonly number[] }).instrShape;
  // Triton's verifier takes any instrShape; wgmma needs [M, N, K].
  if (instrShape.length !== 3) ctx.error(`ttng.warp_group_dot: the mma v3 layout's instrShape [${instrShape.join(', ')}] is not [M, N, K]`);
  const N = instrShape[1]!;
  const K = instrShape[2]!;
  const M = 64;
  if (dT.rank !== 2) ctx.error('ttng.warp_group_dot: rank 2 only');
  const Kt = bT.shape[0]!;
  const dLL = tensorLayout(dT);
  const dMap = registerMap(dLL);
  const accVals = ctx.lowered(WarpGroupDotOp.c);
  const accTy = accVals[0]!.type;

  // Accumulator tiles: rows {m0, m0+8} × columns [n0, n0 + N) in lane 0 of warp 0.
  const tiles = new Map<string, [number, number]>();
  for (const k of dMap.keys()) {
    const [m, n] = k.split(',').map(Number) as [number, number];
    const t: [number, number] = [m & ~8, n & ~(N - 1)];
    tiles.set(t.join(','), t);
  }
  const ordered = [...tiles.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  // D fragment: register i of a tile is (row 16w + g + 8((i >> 1) & 1), column 8(i >> 2) + 2t + (i & 1)).
  const nAcc = N / 2;
  const fragReg = (t: [number, number], i: number): number => {
    const r = dMap.get(`${t[0] + 8 * ((i >> 1) & 1)},${t[1] + 8 * (i >> 2) + (i & 1)}`);
    if (r === undefined) ctx.error('ttng.warp_group_dot: accumulator layout does not match wgmma');
    return r;
  };
  for (const t of ordered) {
    for (let i = 0; i < nAcc; i++) {
      const r = fragReg(t, i);
      for (let w = 0; w < 4; w++) {
        for (let l = 0; l < 32; l++) {
          const c = coordAt(dLL, r, l, w);
          const wantM = t[0] + 16 * w + (l >> 2) + 8 * ((i >> 1) & 1);
          const wantN = t[1] + 8 * (i >> 2) + 2 * (l & 3) + (i & 1);
          if (c[0] !== wantM || c[1] !== wantN) ctx.error('ttng.warp_group_dot: accumulator layout does not match the wgmma fragment');
        }
      }
    }
  }
  if (Kt % K !== 0) ctx.error(`ttng.warp_group_dot: K = ${Kt} is not a multiple of the instruction K ${K}`);
  const numRepK = Kt / K;

  // Warp bases of the accumulator along M and N (for the warpgroup offsets of the descriptors).
  const nWarpBits = dLL.hasInDim(WARP) ? dLL.getInDimSizeLog2(WARP) : 0;
  const warpM: number[] = [];
  const warpN: number[] = [];
  for (let i = 0; i < nWarpBits; i++) {
    const basis = dLL.getBasis(WARP, i);
    warpM.push(basis[0]!);
    warpN.push(basis[1]!);
  }
  // Triton's order: both operands' bases, then A's descriptor (or registers), then B's.
  const baseA = aIsSmem ? offsetedBase(ctx, aV.type as MemDescType, ctx.lowered(WarpGroupDotOp.a)) : undefined;
  const baseB = offsetedBase(ctx, bT, ctx.lowered(WarpGroupDotOp.b));
  let aDesc: ReturnType<typeof buildSmemDescriptor> | undefined;
  let aRegAt: ((m0: number, k0: number) => Value[]) | undefined;
  if (baseA) {
    aDesc = buildSmemDescriptor(ctx, aV.type as MemDescType, baseA, [M, K], 0, warpM);
    if (typeof aDesc === 'string') ctx.error(`ttng.warp_group_dot: operand A: ${aDesc}`);
  }
  const bDesc = buildSmemDescriptor(ctx, bT, baseB, [K, N], 1, warpN);
  if (typeof bDesc === 'string') ctx.error(`ttng.warp_group_dot: operand B: ${bDesc}`);
  if (!baseA) aRegAt = registerOperandA(ctx, aV.type as RankedTensorType, ctx.lowered(WarpGroupDotOp.a), K);
  // transposes: A is "col" when its layout is transposed (M-contiguous); B is "row" when not transposed.
  const transA = aIsSmem ? (aDesc as SmemDescriptor).transposed : false;
  const transB = !bDesc.transposed;
  const needTrans = (eltA === 'f16' || eltA === 'bf16') && eltA === eltB;
  if (!needTrans && (transA || transB)) ctx.error(`ttng.warp_group_dot: ${eltA} wgmma cannot transpose its operands`);

  const zeroAcc = isZeroConst(cV);
  const maxImprecise = WarpGroupDotOp.maxNumImpreciseAcc(op).num;
  const isFp8 = eltA === 'e4m3' || eltA === 'e5m2';
  const needsPartial = isFp8 && eltC === 'f32' && maxImprecise <= Kt;
  const isAsync = WarpGroupDotOp.isAsync(op).num === 1;
  const f16Acc = eltC === 'f16';
  const f16x2 = VectorType.get([2], FloatType.get('f16'));
  const outTy = eltC === 'f32' ? FloatType.get('f32') : i32();

  const shape: WGMMAShape = {
    m: M, n: N, k: K, eltTypeC: eltC as WGMMAEltType, eltTypeA: eltA as WGMMAEltType, eltTypeB: eltB as WGMMAEltType,
    layoutA: transA ? 'col' : 'row', layoutB: transB ? 'row' : 'col',
  };
  const nOut = f16Acc ? nAcc / 2 : nAcc;
  const accStructTy = LLVMStructType.getLiteral(new Array<Type>(nOut).fill(outTy));
  b.create('nvvm.wgmma.fence.aligned', [], []);
  const tileResults = new Map<[number, number], Value[]>();
  for (const t of ordered) {
    const regs = Array.from({ length: nAcc }, (_, i) => fragReg(t, i));
    // Packed accumulator operand registers (16-bit accumulators two to an i32).
    const pack = (vals: Value[]): Value[] => {
      if (!f16Acc) return vals;
      const out: Value[] = [];
      for (let i = 0; i < vals.length; i += 2) {
        let v = b.undef(f16x2);
        v = b.insertElement(v, vals[i]!, 0);
        v = b.insertElement(v, vals[i + 1]!, 1);
        out.push(b.bitcast(v, i32()));
      }
      return out;
    };
    // As Triton's WGMMA.cpp: the accumulator travels as one struct through the chain of nvg.wgmma ops.
    let d: Value | undefined = zeroAcc ? undefined : b.packStruct(pack(regs.map((r) => accVals[r]!)), accStructTy);
    let useC: Value = b.i1(!zeroAcc);
    if (useCOperand) useC = b.and(useC, ctx.scalar(WarpGroupDotOp.useC));
    let partial: Value | undefined;
    let lowPrecision = 0;
    for (let k = 0; k < numRepK; k++) {
      const k0 = k * K;
      const aOp = aIsSmem ? (aDesc as SmemDescriptor).at(t[0], k0) : b.packStruct(aRegAt!(t[0], k0));
      lowPrecision += K;
      const requireAdd = needsPartial && (lowPrecision >= maxImprecise || k === numRepK - 1);
      const res = nvgWGMMA(b, accStructTy, aOp, bDesc.at(k0, t[1]), useC, needsPartial ? partial : d, shape);
      useC = b.i1(true);
      if (needsPartial) partial = res;
      else d = res;
      if (requireAdd) {
        d = d ? faddStructs(b, d, partial!) : partial;
        lowPrecision = 0;
        partial = undefined;
      }
    }
    tileResults.set(t, b.unpackStruct(d!));
  }
  b.create('nvvm.wgmma.commit.group.sync.aligned', [], []);

  // Flatten the packed accumulators of all tiles, wait on them, then unpack.
  const flat: Value[] = [];
  for (const t of ordered) flat.push(...tileResults.get(t)!);
  const waited = isAsync ? flat : b.unpackStruct(nvgWGMMAWaitGroup(b, b.packStruct(flat), 0));
  const byReg = new Map<number, Value>();
  let p = 0;
  for (const t of ordered) {
    const regs = Array.from({ length: nAcc }, (_, i) => fragReg(t, i));
    if (f16Acc) {
      for (let i = 0; i < nAcc; i += 2) {
        const v = b.bitcast(waited[p++]!, f16x2);
        byReg.set(regs[i]!, b.extractElement(v, 0));
        byReg.set(regs[i + 1]!, b.extractElement(v, 1));
      }
    } else for (const r of regs) byReg.set(r, b.bitcast(waited[p++]!, accTy));
  }
  // Every register reads the value of its coordinates.
  const results = accVals.map((_, r) => {
    const rr = dMap.get(coordAt(dLL, r, 0, 0).join(','))!;
    const v = byReg.get(rr);
    if (!v) ctx.error('ttng.warp_group_dot: accumulator register not covered');
    return v;
  });
  ctx.replaceWith(results);
}

/** Element-wise sum of two accumulator structs (Triton's faddAccumulate). */
function faddStructs(b: LoweringContext['b'], x: Value, y: Value): Value {
  const t = x.type as LLVMStructType;
  let out = b.undef(t);
  for (let i = 0; i < t.body.length; i++) out = b.insertValue(out, b.fadd(b.extractValue(x, i), b.extractValue(y, i)), i);
  return out;
}

/**
 * A register operand A of wgmma: for the instruction at (m0, k0), the 4 32-bit registers (k8-element halves
 * as in mma.sync: rows g / g + 8, K 2t.. and 2t+8.. for 16-bit types), checked on every lane and warp.
 */
function registerOperandA(ctx: LoweringContext, aT: RankedTensorType, vals: readonly Value[], K: number): (m0: number, k0: number) => Value[] {
  const b = ctx.b;
  const ll = tensorLayout(aT);
  const map = registerMap(ll);
  const bits = convertElementTypeBits(aT.elementType);
  const kPerReg = 32 / bits;
  if (K !== 8 * kPerReg) ctx.error('ttng.warp_group_dot: register A with an unexpected K');
  const cache = new Map<string, Value[]>();
  return (m0: number, k0: number): Value[] => {
    const key = `${m0},${k0}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const out: Value[] = [];
    for (let i = 0; i < 4; i++) {
      const regs: number[] = [];
      for (let j = 0; j < kPerReg; j++) {
        const m = m0 + 8 * (i & 1);
        const k = k0 + j + 4 * kPerReg * (i >> 1);
        const r = map.get(`${m},${k}`);
        if (r === undefined) ctx.error(`ttng.warp_group_dot: register A has no element (${m}, ${k})`);
        for (let w = 0; w < 4; w++) {
          for (let l = 0; l < 32; l++) {
            const c = coordAt(ll, r, l, w);
            const wantM = m + 16 * w + (l >> 2);
            const wantK = k + kPerReg * (l & 3);
            if (c[0] !== wantM || c[1] !== wantK) ctx.error('ttng.warp_group_dot: register A does not match the wgmma fragment');
          }
        }
        regs.push(r);
      }
      if (regs.length === 1) out.push(b.bitcast(vals[regs[0]!]!, i32()));
      else {
        let v = b.undef(VectorType.get([regs.length], vals[regs[0]!]!.type));
        regs.forEach((r, j) => (v = b.insertElement(v, vals[r]!, j)));
        out.push(b.bitcast(v, i32()));
      }
    }
    cache.set(key, out);
    return out;
  };
}

registerLowering(WarpGroupDotOp, (op, ctx) => lowerWarpGroupDot(op, ctx));

registerLowering(WarpGroupDotWaitOp, (op, ctx) => {
  const b = ctx.b;
  const pendings = WarpGroupDotWaitOp.pendings(op).num;
  // As Triton: every operand (tensor registers and memdesc base/offsets alike) is tied through one
  // nvg.wgmma_wait_group on a struct of all their values, so nothing that reads them moves above the wait.
  const groups = ctx.operands();
  const flat = groups.flat();
  if (flat.length === 0) {
    ctx.replace(groups);
    return;
  }
  const waited = b.unpackStruct(nvgWGMMAWaitGroup(b, b.packStruct(flat), pendings));
  let p = 0;
  ctx.replace(groups.map((g) => g.map(() => waited[p++]!)));
});
