/**
 * `ttg.convert_layout` between distributed layouts, chosen by the linear-layout algebra (paper "Linear Layouts"
 * §5; Triton 3.6's ConvertLayoutOpToLLVM).
 *
 * `conversion = minimalCvtLayout(src, dst)` (dst's hardware indices → src's, with the dims on which both layouts
 * agree quotiented out) says which hardware dims data has to cross:
 * - none: the layouts are equal, the registers are reused;
 * - registers only: a permutation of the registers (no code);
 * - lanes (not warps): warp shuffles (below), or shared memory when that is cheaper and the allocation reserved a
 *   scratch buffer (it does when Triton itself would not shuffle);
 * - warps: through the scratch buffer in shared memory, swizzled by `optimalSwizzling` (swizzle.ts), with
 *   vectorized `ld.shared`/`st.shared` (or ldmatrix/stmatrix when the swizzling chose them), a barrier between
 *   the store and load phases, and several rounds when the buffer holds a fraction (`reps`) of the tensor;
 * - blocks: not supported (Triton 3.6 does not lower it either).
 *
 * The decisions (which path, the shuffle plan, the shared layout, vectors and ldmatrix/stmatrix per round) are
 * pure functions of the types in convert-layout-plan.ts, shared with `ttg-layout --convert`; this file emits
 * the code they describe.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType, VectorType, type Type } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { buildTables, CvtPlanError, MuxBuilder, planConvertLayout, type CvtMethod, type CvtPlan, type CvtSmemPlan, type ShufflePlan } from './convert-layout-plan.js';
import { applyLinearLayout, tensorLayout } from './layout-indices.js';
import { emitLdMatrix, emitStMatrix } from './ldmatrix.js';
import { elemBits, emitSmemAccess, fromStorage, storageType, toStorage } from './shared-memory.js';
import { columns, log2, xorCols } from './swizzle.js';
import { ptx } from './ptx.js';
import { convertElementType } from './type-converter.js';
import { ConvertLayoutOp } from '../dialect/ttg/ops.js';

export type { CvtMethod } from './convert-layout-plan.js';

/** How the last conversions were lowered (for tests and statistics). */
export const cvtStats = { identity: 0, registers: 0, shuffle: 0, shared: 0 };

// ---------------------------------------------------------------------------------------------------------
// Shuffle emission

/** Integer type of a payload of `n` elements of `bits` bits (at least 32 bits). */
function payloadType(bits: number, n: number): IntegerType {
  return IntegerType.get(Math.max(32, bits * n));
}

function packPayload(b: LLVMBuilder, elems: readonly Value[], bits: number): Value {
  const iw = IntegerType.get(bits);
  const ints = elems.map((e) => b.bitcast(e, iw));
  let v: Value;
  if (ints.length === 1) v = ints[0]!;
  else v = b.bitcast(b.packVector(ints), IntegerType.get(bits * ints.length));
  const pt = payloadType(bits, ints.length);
  return bits * ints.length < pt.width ? b.zext(v, pt) : v;
}

function unpackPayload(b: LLVMBuilder, v: Value, bits: number, n: number, elemTy: Type): Value[] {
  const total = bits * n;
  let x = v;
  if (total < (v.type as IntegerType).width) x = b.trunc(x, IntegerType.get(total));
  if (n === 1) return [b.bitcast(x, elemTy)];
  const vec = b.bitcast(x, VectorType.get([n], IntegerType.get(bits)));
  const out: Value[] = [];
  for (let i = 0; i < n; i++) out.push(b.bitcast(b.extractElement(vec, i), elemTy));
  return out;
}

function shuffle(b: LLVMBuilder, v: Value, kind: 'bfly' | 'idx', offset: Value): Value {
  const t = v.type as IntegerType;
  const clamp = b.i32(0x1f);
  if (t.width === 32) return b.shflSync(kind, v, offset, clamp);
  const vt = VectorType.get([t.width / 32], IntegerType.get(32));
  const parts = b.unpackVector(b.bitcast(v, vt)).map((w) => b.shflSync(kind, w, offset, clamp));
  return b.bitcast(b.packVector(parts), t);
}

function emitShuffles(ctx: LoweringContext, p: ShufflePlan, srcVals: readonly Value[], elemTy: Type, bits: number): Value[] {
  const b = ctx.b;
  const t = buildTables(p);
  const nPack = 2 ** p.packDst.length;
  const packed = new Map<number, Value>();
  const srcPayload = (g: number): Value => {
    let v = packed.get(g);
    if (!v) {
      const elems: Value[] = [];
      for (let i = 0; i < nPack; i++) {
        let r = g;
        p.packSrc.forEach((k, bit) => ((i >>> bit) & 1 ? (r |= 1 << k) : 0));
        elems.push(srcVals[r]!);
      }
      packed.set(g, (v = packPayload(b, elems, bits)));
    }
    return v;
  };
  const lane = ctx.laneId();
  const preds = new Map<number, Value>();
  /** The parity of `lane & mask` as an i1. */
  const pred = (mask: number): Value => {
    let v = preds.get(mask);
    if (!v) {
      const masked = b.and(lane, b.i32(mask));
      const bits = (mask & (mask - 1)) === 0 ? masked : b.and(b.op('llvm.intr.ctpop', [masked], IntegerType.get(32)), b.i32(1));
      preds.set(mask, (v = b.icmp('ne', bits, b.i32(0))));
    }
    return v;
  };
  const ids = new Map<Value, number>();
  const idOf = (v: Value): string => {
    let i = ids.get(v);
    if (i === undefined) ids.set(v, (i = ids.size));
    return String(i);
  };
  const mux = new MuxBuilder<Value>(idOf, (bit, h, l) => b.select(pred(bit), h, l));
  let kLane: Value | undefined;
  const targetLane = (xorLane: number): Value => {
    if (!kLane) {
      const ll = LinearLayout.fromBasesWithSizes([['lane', p.K.map((k) => [k])]], [['lane', 2 ** p.nLane]], false);
      kLane = applyLinearLayout(b, ll, [['lane', lane]])[0]![1];
    }
    return xorLane === 0 ? kLane : b.xor(kLane, b.i32(xorLane));
  };
  // As Triton's transferWithinWarp: all registers are packed first, every value to send is selected, then all
  // shuffles are issued, the received values are selected into place, and only then unpacked.
  const packMask = p.packSrc.reduce((m, k) => m | (1 << k), 0);
  for (let g = 0; g < 2 ** p.nSrcReg; g++) if ((g & packMask) === 0) srcPayload(g);
  const toSend = [...t.send].map(([e, tab]): [number, Value] => [e, mux.build(tab.map((g) => srcPayload(g)), t.sendMasks)]);
  const received = new Map<number, Value>();
  for (const [e, v] of toSend) {
    const r = p.rounds.find((x) => x.e === e)!;
    received.set(e, p.kIdentity ? shuffle(b, v, 'bfly', b.i32(r.xorLane)) : shuffle(b, v, 'idx', targetLane(r.xorLane)));
  }
  const out: Value[] = new Array<Value>(2 ** p.nDstReg);
  const toUnpack = [...t.recv].map(([d, tab]): [number, Value] => [d, mux.build(tab.map((x) => (x < 0 ? received.get(~x)! : srcPayload(x))), t.recvMasks)]);
  for (const [d, v] of toUnpack) {
    const elems = unpackPayload(b, v, bits, nPack, elemTy);
    for (let i = 0; i < nPack; i++) {
      let r = d;
      p.packDst.forEach((k, bit) => ((i >>> bit) & 1 ? (r |= 1 << k) : 0));
      out[r] = elems[i]!;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Broadcast registers

/** Positions of the non-zero register bases of a layout. */
function nonZeroRegBits(ll: LinearLayout): number[] {
  return columns(ll, 'register')
    .map((c, i) => (c !== 0 ? i : -1))
    .filter((i) => i >= 0);
}

/** The index among unique registers of register r, given the unique (non-zero) bit positions. */
function compress(r: number, uniqueBits: readonly number[]): number {
  let u = 0;
  uniqueBits.forEach((bit, k) => ((r >>> bit) & 1 ? (u |= 1 << k) : 0));
  return u;
}
function expand(u: number, uniqueBits: readonly number[]): number {
  let r = 0;
  uniqueBits.forEach((bit, k) => ((u >>> k) & 1 ? (r |= 1 << bit) : 0));
  return r;
}

// ---------------------------------------------------------------------------------------------------------
// Shared memory path

/**
 * Whether the rounds of a conversion through shared memory only need the warp to meet (Triton's isCvtWarpSync):
 * no element crosses warps and neither layout broadcasts over warps, so each warp reads back what it wrote.
 */
export function isCvtWarpSync(srcTy: RankedTensorType, dstTy: RankedTensorType): boolean {
  const dims = ['register', 'lane', 'warp'];
  const src = tensorLayout(srcTy);
  const dst = tensorLayout(dstTy);
  const s = src.sublayout(dims.filter((d) => src.hasInDim(d)), src.getOutDimNames());
  const d = dst.sublayout(dims.filter((x) => dst.hasInDim(x)), dst.getOutDimNames());
  return d.invertAndCompose(s).isTrivialOver(['warp']) && (s.getFreeVariableMasks().get('warp') ?? 0) === 0 && (d.getFreeVariableMasks().get('warp') ?? 0) === 0;
}

/** The barrier between the store and load phases of a conversion through shared memory. */
function cvtBarrier(b: LLVMBuilder, warpSync: boolean): void {
  if (warpSync) b.warpSync();
  else b.barrier();
}

function viaShared(ctx: LoweringContext, op: Operation, srcTy: RankedTensorType, dstTy: RankedTensorType, smem: CvtSmemPlan, vals: readonly Value[]): Value[] {
  const b = ctx.b;
  const warpSync = isCvtWarpSync(srcTy, dstTy);
  const elemTy = convertElementType(srcTy.elementType);
  const sTy = smem.elemTy;
  const base = ctx.sharedMemoryBase(op);
  if (smem.layout.threadDependent) return viaSharedPredicated(ctx, base, smem, srcTy, dstTy, vals, warpSync);
  const { src, dst } = smem;
  const stored = vals.map((v, r) => ((r & src.zero) === 0 ? toStorage(b, v) : undefined));
  const out: (Value | undefined)[] = new Array<Value | undefined>(2 ** dst.acc.regCols.length).fill(undefined);
  // As Triton's transferWithinBlockSwizzling: a zero affine offset for every access, addresses over the buffer.
  const exact = { affine: b.i32(0), offsetElems: smem.layout.bufferElems };
  smem.rounds.forEach(({ store, load }, k) => {
    if (k > 0) cvtBarrier(b, warpSync);
    if (store.kind === 'matrix') {
      const roundVals = stored.map((v, r) => (xorCols(src.reps, r) === k && (r & src.zero) === 0 ? v : undefined));
      emitStMatrix(ctx, base, store.plan, store.reps, src.acc, sTy, () => roundVals as Value[], { exact });
    } else emitSmemAccess(ctx, base, src.acc, sTy, { ...store.opts, exact }, store.plan, stored);
    cvtBarrier(b, warpSync);
    const loaded =
      load.kind === 'matrix' ? emitLdMatrix(ctx, base, load.plan, load.reps, dst.acc, sTy, { exact }) : emitSmemAccess(ctx, base, dst.acc, sTy, { ...load.opts, exact }, load.plan);
    loaded.forEach((v, r) => {
      if (v && xorCols(dst.reps, r) === k && (r & dst.zero) === 0) out[r] = v;
    });
  });
  return out.map((_, r) => fromStorage(b, out[r & ~dst.zero]!, elemTy));
}

/**
 * Shared memory conversion whose rounds depend on the thread (possible only for layouts with non-unit bases,
 * where every choice of rounds meets the span of the lanes and warps): in round k, each register is stored
 * with a predicated `st.shared` when its round is k for this thread, and every register is loaded and kept
 * when its round is k (selects).
 */
function viaSharedPredicated(ctx: LoweringContext, base: Value, smem: CvtSmemPlan, srcTy: RankedTensorType, dstTy: RankedTensorType, vals: readonly Value[], warpSync: boolean): Value[] {
  const b = ctx.b;
  const L = smem.layout;
  const elemTy = convertElementType(srcTy.elementType);
  const sTy = smem.elemTy;
  const bits = elemBits(sTy);
  const bytes = bits / 8;
  const bufBits = log2(L.bufferElems);
  const offMask = L.bufferElems - 1;
  const [lane, warp] = ctx.laneWarp();
  const side = (ll: LinearLayout): { regOff: number[]; regRound: number[]; threadOff: Value; threadRound: Value; zero: number } => {
    const regFlat = columns(ll, 'register').map(L.inverse);
    const laneFlat = columns(ll, 'lane').map(L.inverse);
    const warpFlat = columns(ll, 'warp').map(L.inverse);
    const apply = (f: (x: number) => number, size: number): Value => {
      const lc = laneFlat.map(f);
      const wc = warpFlat.map(f);
      if ([...lc, ...wc].every((c) => c === 0)) return b.i32(0);
      const lay = LinearLayout.fromBasesWithSizes(
        [
          ['lane', lc.map((c) => [c])],
          ['warp', wc.map((c) => [c])],
        ],
        [['o', size]],
        false,
      );
      return applyLinearLayout(b, lay, [
        ['lane', lane],
        ['warp', warp],
      ])[0]![1];
    };
    const regCols = regFlat.map((x) => x & offMask);
    const regRound = regFlat.map((x) => x >>> bufBits);
    return {
      regOff: regCols,
      regRound,
      threadOff: apply((x) => (x & offMask) * bytes, L.bufferElems * bytes),
      threadRound: apply((x) => x >>> bufBits, L.nReps),
      zero: regFlat.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0),
    };
  };
  const src = side(tensorLayout(srcTy));
  const dst = side(tensorLayout(dstTy));
  const addrOf = (s: typeof src, r: number): Value => {
    const c = xorCols(s.regOff, r) * bytes;
    return b.gep(base, IntegerType.get(8), c === 0 ? s.threadOff : b.xor(s.threadOff, b.i32(c)), base.type, true);
  };
  const nSrc = vals.length;
  const nDst = 2 ** dst.regOff.length;
  const out: (Value | undefined)[] = new Array<Value | undefined>(nDst).fill(undefined);
  const wc = bits === 64 ? 'l' : bits === 32 ? 'r' : bits === 16 ? 'h' : 'c';
  const iw = IntegerType.get(bits);
  for (let k = 0; k < L.nReps; k++) {
    if (k > 0) cvtBarrier(b, warpSync);
    for (let r = 0; r < nSrc; r++) {
      if (r & src.zero) continue;
      const pred = b.icmp('eq', src.threadRound, b.i32(k ^ xorCols(src.regRound, r)));
      const addr = b.ptrtoint(addrOf(src, r), IntegerType.get(32));
      const v = b.bitcast(toStorage(b, vals[r]!), iw);
      ptx(b, `@$2 st.shared.b${bits} [ $0 + 0 ], $1;`, [], [
        [addr, 'r'],
        [v, wc],
        [pred, 'b'],
      ], []);
    }
    cvtBarrier(b, warpSync);
    for (let r = 0; r < nDst; r++) {
      if (r & dst.zero) continue;
      const v = b.load(addrOf(dst, r), sTy, bytes);
      const prev = out[r];
      out[r] = prev === undefined ? v : b.select(b.icmp('eq', dst.threadRound, b.i32(k ^ xorCols(dst.regRound, r))), v, prev);
    }
  }
  return out.map((_, r) => fromStorage(b, out[r & ~dst.zero]!, elemTy));
}

// ---------------------------------------------------------------------------------------------------------
// The pattern

function isDistributed(t: RankedTensorType): boolean {
  return t.encoding !== undefined && !(t.encoding instanceof SharedEncodingAttr);
}

/** Lowers a distributed → distributed conversion of `vals` (registers of `srcTy`) and says how. */
export function lowerConvertLayout(ctx: LoweringContext, op: Operation, srcTy: RankedTensorType, dstTy: RankedTensorType, vals: readonly Value[]): [Value[], CvtMethod] {
  const hasScratch = op.getAttr('allocation.offset') !== undefined;
  let plan: CvtPlan;
  try {
    plan = planConvertLayout(srcTy, dstTy, ctx.computeCapability, hasScratch);
  } catch (e) {
    if (e instanceof CvtPlanError) ctx.error(e.message);
    throw e;
  }
  switch (plan.method) {
    case 'shared':
      return [viaShared(ctx, op, srcTy, dstTy, plan.smem, vals), 'shared'];
    case 'shuffle': {
      const b = ctx.b;
      const elemTy = convertElementType(srcTy.elementType);
      const sTy = storageType(elemTy);
      const srcLL = tensorLayout(srcTy);
      const dstLL = tensorLayout(dstTy);
      const srcBits = nonZeroRegBits(srcLL);
      const dstBits = nonZeroRegBits(dstLL);
      const srcUnique: Value[] = [];
      for (let u = 0; u < 2 ** srcBits.length; u++) srcUnique.push(toStorage(b, vals[expand(u, srcBits)]!));
      const outUnique = emitShuffles(ctx, plan.shuffle, srcUnique, sTy, plan.bits);
      const n = 2 ** columns(dstLL, 'register').length;
      const out: Value[] = [];
      const conv = new Map<Value, Value>();
      for (let r = 0; r < n; r++) {
        const v = outUnique[compress(r, dstBits)]!;
        let c = conv.get(v);
        if (!c) conv.set(v, (c = fromStorage(b, v, elemTy)));
        out.push(c);
      }
      return [out, 'shuffle'];
    }
    case 'registers':
      return [plan.perm.map((r) => vals[r]!), 'registers'];
    case 'identity':
      return [[...vals], 'identity'];
  }
}

registerLowering(ConvertLayoutOp, (op, ctx) => {
  const srcTy = ConvertLayoutOp.src(op).type;
  const dstTy = ConvertLayoutOp.result(op).type;
  if (!(srcTy instanceof RankedTensorType) || !(dstTy instanceof RankedTensorType)) return 'not a tensor conversion';
  if (!isDistributed(srcTy) || !isDistributed(dstTy)) return 'not a conversion between distributed layouts';
  const [vals, how] = lowerConvertLayout(ctx, op, srcTy, dstTy, ctx.lowered(ConvertLayoutOp.src));
  cvtStats[how]++;
  ctx.replaceWith(vals);
});
