/**
 * `tt.reduce` → LLVM (Triton 3.6's ReduceOpToLLVM + ReduceOpHelper, read off the linear layout).
 *
 * Let L be the source layout (register, lane, warp, block) → (dim0, ...). A reduction along `axis` runs in up
 * to three stages:
 *
 * 1. In-thread: registers are grouped by their coordinates with the axis coordinate cleared (the "key");
 *    duplicated registers (same coordinates) are combined once. Combines run in register order.
 * 2. In-warp: for every lane bit whose basis moves along the axis only, a butterfly step
 *    `acc = combine(acc, shfl.bfly(acc, 1 << bit))`, highest bit first (Triton's N * interleave offsets). Lane
 *    bits that broadcast (zero basis) or move along other dims are left alone, so broadcast lanes do no extra
 *    work. A full-warp integer reduction with a single `arith` combiner uses `redux.sync` on sm80+.
 * 3. Across warps (only when some warp bit moves along the axis): the lane with all its axis/broadcast lane bits
 *    clear, in a non-broadcast warp, writes its partial result to the scratch buffer at
 *    `warpAxisIndex + interWarp * linear(non-axis coordinates)`; after a barrier every thread `t < elems`
 *    reads element `t` (+ k·numThreads), reduces `interWarp` consecutive lanes with butterflies and writes the
 *    total back from the first of them; after another barrier every thread loads its results at
 *    `interWarp * linear(result coordinates)`.
 *
 * Lane or warp bases that move along the axis and another dim at once are not supported (Triton's helper
 * assumes they do not occur either), nor reductions across CTAs.
 */
import type { Operation, Region, Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { getOrder } from '../dialect/ttg/layout-queries.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import { reduceScratchBytes } from '../analysis/allocation.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { applyLinearLayout, BLOCK, emitIndices, LANE, REGISTER, registerOffsets, tensorLayout, WARP } from './layout-indices.js';
import { bitsOf, combine, loadShared, operandElementTypes, pext, scratchBases, scratchBytes, shuffle, storeShared } from './reduce-scan-common.js';
import { ReduceOp, ReduceReturnOp } from '../dialect/tt/ops.js';

/** How the bits of one in-dim of a layout move relative to an axis. */
export interface AxisBits {
  /** Bits whose basis moves along the axis only. */
  axis: number;
  /** Bits whose basis is zero (broadcast). */
  free: number;
  /** Bits whose basis moves along other dims only. */
  other: number;
  /** Bits whose basis moves along the axis and another dim. */
  mixed: number;
}

/** Classifies the bits of `inDim` of `ll` with respect to out-dim index `axis`. */
export function classifyBits(ll: LinearLayout, inDim: string, axis: number): AxisBits {
  const r: AxisBits = { axis: 0, free: 0, other: 0, mixed: 0 };
  if (!ll.hasInDim(inDim)) return r;
  const n = ll.getInDimSizeLog2(inDim);
  for (let i = 0; i < n; i++) {
    const basis = ll.getBasis(inDim, i);
    const onAxis = (basis[axis] ?? 0) !== 0;
    const offAxis = basis.some((v, d) => d !== axis && v !== 0);
    const bit = 1 << i;
    if (onAxis && offAxis) r.mixed |= bit;
    else if (onAxis) r.axis |= bit;
    else if (offAxis) r.other |= bit;
    else r.free |= bit;
  }
  return r;
}

type ReduxKind = 'add' | 'and' | 'or' | 'xor' | 'min' | 'umin' | 'max' | 'umax';
const REDUX_OF: Record<string, ReduxKind> = {
  'arith.addi': 'add',
  'arith.andi': 'and',
  'arith.ori': 'or',
  'arith.xori': 'xor',
  'arith.minsi': 'min',
  'arith.minui': 'umin',
  'arith.maxsi': 'max',
  'arith.maxui': 'umax',
};

/** The combine region's single op when the region is `op(arg0, arg1); return` (Triton's getSingleCombiner). */
export function singleCombiner(region: Region): Operation | undefined {
  const block = region.blocks[0];
  if (!block || block.args.length !== 2) return undefined;
  const ops = block.ops;
  if (ops.length !== 2) return undefined;
  const [c, ret] = ops as [Operation, Operation];
  if (c.operands.length !== 2 || c.results.length !== 1) return undefined;
  if (ret.operands.length !== 1 || ReduceReturnOp.result(ret)[0] !== c.result(0)) return undefined;
  const [x, y] = c.operandValues;
  const [a0, a1] = block.args;
  if (!((x === a0 && y === a1) || (x === a1 && y === a0))) return undefined;
  return c;
}

/** The redux.sync kind of a reduce op when it qualifies (sm80+, one operand, integer ≤ 32 bits, arith combiner). */
function reduxKind(ctx: LoweringContext, op: Operation): ReduxKind | undefined {
  if (ctx.computeCapability < 80 || op.operands.length !== 1) return undefined;
  const c = singleCombiner(op.region(0));
  if (!c) return undefined;
  const t = c.result(0).type;
  if (!(t instanceof IntegerType) || t.width > 32) return undefined;
  return REDUX_OF[c.name];
}

/**
 * Butterfly reduction of `acc` over the lane bits of `laneMask` (highest bit first); `fullWarp` says every lane
 * of the warp takes part, which lets integer reductions use redux.sync.
 */
export function warpReduce(ctx: LoweringContext, op: Operation, acc: Value[], laneMask: number): Value[] {
  const b = ctx.b;
  if (laneMask === 0) return acc;
  const full = laneMask === ctx.threadsPerWarp - 1 && ctx.threadsPerWarp === 32;
  const kind = full ? reduxKind(ctx, op) : undefined;
  if (kind) {
    return acc.map((v) => {
      const w = (v.type as IntegerType).width;
      let x = v;
      if (w < 32) x = kind === 'min' || kind === 'max' ? b.sext(x, IntegerType.get(32)) : b.zext(x, IntegerType.get(32));
      let r = b.op('nvvm.redux.sync', [x, b.i32(-1)], IntegerType.get(32), [['kind', NVVMEnumAttr.get('reduction_kind', kind)]]);
      if (w < 32) r = b.trunc(r, IntegerType.get(w));
      return r;
    });
  }
  let cur = acc;
  for (const bit of bitsOf(laneMask).reverse()) {
    const other = cur.map((v) => shuffle(b, 'bfly', v, 1 << bit));
    cur = combine(ctx, op.region(0), cur, other);
  }
  return cur;
}

/** `c0 * s0 + c1 * s1 + ...` with constant strides, skipping zero strides and folding unit ones. */
function linearCombination(ctx: LoweringContext, coords: readonly Value[], strides: readonly number[]): Value {
  const b = ctx.b;
  let acc: Value | undefined;
  coords.forEach((c, i) => {
    const s = strides[i]!;
    if (s === 0) return;
    const term = s === 1 ? c : b.mul(c, b.i32(s));
    acc = acc ? b.add(acc, term) : term;
  });
  return acc ?? b.i32(0);
}

/** Extent (power of two) of the coordinates a layout reaches along each out-dim within one CTA. */
function ctaExtents(ll: LinearLayout): number[] {
  const rank = ll.getNumOutDims();
  const ors = new Array<number>(rank).fill(0);
  for (const d of [REGISTER, LANE, WARP]) {
    if (!ll.hasInDim(d)) continue;
    for (let i = 0; i < ll.getInDimSizeLog2(d); i++) ll.getBasis(d, i).forEach((v, k) => (ors[k]! |= v));
  }
  return ors.map((o) => (o === 0 ? 1 : 2 ** (32 - Math.clz32(o))));
}

registerLowering(ReduceOp, (op, ctx) => {
  const b = ctx.b;
  const axis = ReduceOp.axis(op).num;
  const srcT = ReduceOp.srcs(op)[0]!.type;
  if (!(srcT instanceof RankedTensorType) || !srcT.encoding) return 'tt.reduce on a tensor without encoding';
  const rank = srcT.rank;
  const ll = tensorLayout(srcT);
  const region = op.region(0);
  const nOps = op.operands.length;
  const inputs = ctx.operands();

  const laneBits = classifyBits(ll, LANE, axis);
  const warpBits = classifyBits(ll, WARP, axis);
  const blockBits = classifyBits(ll, BLOCK, axis);
  if (laneBits.mixed || warpBits.mixed) ctx.error('tt.reduce: lane/warp bases that move along the reduced axis and another dim are not supported');
  if (blockBits.axis || blockBits.mixed) ctx.error('tt.reduce across CTAs is not supported');

  // 1. In-thread reduction, keyed by the coordinates with the axis cleared.
  const offsets = registerOffsets(ll);
  interface Group {
    key: number[];
    acc: Value[];
    firstReg: number;
  }
  const groups = new Map<string, Group>();
  const seen = new Set<string>();
  offsets.forEach((off, r) => {
    const s = off.join(',');
    if (seen.has(s)) return;
    seen.add(s);
    const key = off.map((v, d) => (d === axis ? 0 : v));
    const k = key.join(',');
    let g = groups.get(k);
    if (!g) {
      g = { key, acc: [], firstReg: r };
      groups.set(k, g);
    }
    g.acc = combine(
      ctx,
      region,
      g.acc,
      inputs.map((vals) => vals[r]!),
    );
  });
  // Triton iterates its std::map of keys in lexicographic order.
  const ordered = [...groups.values()].sort((x, y) => {
    for (let d = 0; d < rank; d++) if (x.key[d] !== y.key[d]) return x.key[d]! - y.key[d]!;
    return 0;
  });

  // 2. In-warp butterflies over the lane bits along the axis.
  for (const g of ordered) g.acc = warpReduce(ctx, op, g.acc, laneBits.axis);

  const resultTypes = op.results.map((r) => r.type);
  if (warpBits.axis === 0) {
    // Warp-synchronous: every result register reads its key's accumulator.
    const out = resultTypes.map((rt, i) => {
      if (!(rt instanceof RankedTensorType)) return [ordered[0]!.acc[i]!];
      const rll = tensorLayout(rt);
      return registerOffsets(rll).map((off) => {
        const key = [...off];
        key.splice(axis, 0, 0);
        const g = groups.get(key.join(','));
        if (!g) ctx.error(`tt.reduce: no accumulator for result coordinates (${key.join(', ')})`);
        return g!.acc[i]!;
      });
    });
    ctx.replace(out);
    return;
  }

  // 3. Across warps through the scratch buffer.
  const interWarp = 1 << bitsOf(warpBits.axis).length;
  const extents = ctaExtents(ll);
  const order = getOrder(srcT.encoding, srcT.shape).filter((d) => d !== axis);
  const strides = new Array<number>(rank).fill(0);
  let stride = interWarp;
  for (const d of order) {
    strides[d] = stride;
    stride *= extents[d]!;
  }
  const elems = stride;
  const need = scratchBytes(op, elems);
  const have = reduceScratchBytes(op);
  if (need > have) ctx.error(`tt.reduce: needs ${need} bytes of scratch, ${have} allocated`);
  const elemTypes = operandElementTypes(op);
  const bases = scratchBases(ctx, op, elems);
  const [lane, warp] = ctx.laneWarp();

  const base = applyLinearLayout(
    b,
    ll,
    ll.getInDimNames().map((d): [string, Value] => [d, d === LANE ? lane : d === WARP ? warp : b.i32(0)]),
  ).map(([, v]) => v);
  const warpAxisIdx = pext(b, warp, warpBits.axis);
  let writePred: Value | undefined;
  const lanePredMask = laneBits.axis | laneBits.free;
  if (lanePredMask) writePred = b.icmp('eq', b.and(lane, b.i32(lanePredMask)), b.i32(0));
  if (warpBits.free) {
    const p = b.icmp('eq', b.and(warp, b.i32(warpBits.free)), b.i32(0));
    writePred = writePred ? b.and(writePred, p) : p;
  }
  for (const g of ordered) {
    const coords = base.map((v, d) => {
      const c = offsets[g.firstReg]![d]!;
      return d === axis || c === 0 ? v : b.xor(v, b.i32(c));
    });
    const lin = linearCombination(
      ctx,
      coords.map((c, d) => (d === axis ? b.i32(0) : c)),
      strides,
    );
    const off = b.add(lin, warpAxisIdx);
    for (let i = 0; i < nOps; i++) {
      const ptr = b.gep(bases[i]!, elemTypes[i]!, off);
      // Triton's storeShared is always a predicated inline-PTX store (the predicate a constant true when every
      // thread writes), which LLVM cannot merge or move; plain stores would let it schedule the reduction apart.
      storeShared(b, ptr, g.acc[i]!, writePred ?? b.i1(true));
    }
  }
  b.barrier();

  // Reduce the per-warp partials: thread t handles element t (+ k * numThreads).
  const numThreads = ctx.numWarps * ctx.threadsPerWarp;
  const tid = ctx.threadId();
  const rounds = Math.max(1, Math.floor(elems / numThreads));
  // As Triton: the partials are read and written through predicated shared accesses, `tid < elems` even when it
  // always holds (LLVM folds it from the kernel's thread count).
  const needed = b.icmp('slt', tid, b.i32(elems));
  const firstOfGroup = b.icmp('eq', b.and(lane, b.i32(interWarp - 1)), b.i32(0));
  const storePred = b.and(needed, firstOfGroup);
  for (let round = 0; round < rounds; round++) {
    const off = round === 0 ? tid : b.add(tid, b.i32(round * numThreads));
    const ptrs = bases.map((base, i) => b.gep(base, elemTypes[i]!, off));
    let acc = ptrs.map((p, i) => loadShared(b, p, elemTypes[i]!, needed));
    acc = warpReduce(ctx, op, acc, interWarp - 1);
    ptrs.forEach((p, i) => storeShared(b, p, acc[i]!, storePred));
  }
  b.barrier();

  // Read the results.
  const out = resultTypes.map((rt, i) => {
    if (!(rt instanceof RankedTensorType)) return [loadShared(b, bases[i]!, elemTypes[i]!)];
    const idx = emitIndices(ctx, rt);
    return idx.map((coords) => {
      const full = [...coords];
      full.splice(axis, 0, b.i32(0));
      const off = linearCombination(ctx, full, strides);
      return loadShared(b, b.gep(bases[i]!, elemTypes[i]!, off), elemTypes[i]!);
    });
  });
  ctx.replace(out);
});
