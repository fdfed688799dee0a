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
 * 3. Across warps (only when some warp bit moves along the axis), op for op as Triton: the scratch buffer is the
 *    source shape with `interWarp` slots along the axis, the axis fastest. The lane at coordinate 0 along the
 *    axis, in a warp and lane that represent their broadcast groups, writes its partial result at its source
 *    coordinates (emitIndices, computed before the in-thread combines) with the axis replaced by the warp's
 *    coordinate along it (lane/warp grid delinearization, or the axis bits where the grid does not locate ids as
 *    the layout does); after a barrier every thread `t < elems` reads element `t` (+ k·numThreads), reduces
 *    `interWarp` consecutive lanes with butterflies and writes the total back from the first of them; after
 *    another barrier every thread loads its results at its result coordinates with axis slot 0.
 *
 * Lane or warp bases that move along the axis and another dim at once are not supported (Triton's helper
 * assumes they do not occur either), nor reductions across CTAs.
 */
import type { Operation, Region, Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import type { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { getShapePerCTA } from '../dialect/ttg/layout-queries.js';
import { llOrder } from '../dialect/ttg/linear/read.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import { reduceScratchBytes } from '../analysis/allocation.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { BLOCK, emitIndices, LANE, registerOffsets, tensorLayout, WARP } from './layout-indices.js';
import { delinearizeInDim, delinearizeMatches, linearize } from './delinearize.js';
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

/**
 * The coordinate along `axis` of a lane or warp id and whether the id represents its broadcast group: Triton's
 * grid delinearization when it locates the ids as the layout does, else the id's axis bits packed (pext) and a
 * test of its free bits.
 */
function idCoordinate(ctx: LoweringContext, ll: LinearLayout, inDim: string, id: Value, axis: number, bits: AxisBits): [Value, Value] {
  const b = ctx.b;
  if (delinearizeMatches(ll, inDim, axis, bits.axis)) {
    const [coords, isRep] = delinearizeInDim(b, ll, inDim, id);
    return [coords[axis]!, isRep];
  }
  const isRep = bits.free ? b.icmp('eq', b.and(id, b.i32(bits.free)), b.i32(0)) : b.i1(true);
  return [pext(b, id, bits.axis), isRep];
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

  // 1. In-thread reduction, keyed by the coordinates with the axis cleared. As Triton's reduceWithinThreads, the
  // source coordinates (with the CTA offset) come first: the scratch writes index by them.
  const srcIndices = emitIndices(ctx, srcT, true);
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

  // 3. Across warps through the scratch buffer, op for op as Triton's storeWarpReduceToSharedMemory,
  // accumulatePartialReductions and loadReductionAndPackResult. The buffer is the source shape with `interWarp`
  // slots along the axis, the axis fastest (getScratchRepShape / getOrderWithAxisAtBeginning).
  const interWarp = 1 << bitsOf(warpBits.axis).length;
  const smemShape = getShapePerCTA(srcT.encoding, srcT.shape);
  smemShape[axis] = interWarp;
  const smemOrder = [axis, ...llOrder(ll).filter((d) => d !== axis)];
  const elems = smemShape.reduce((x, y) => x * y, 1);
  const need = scratchBytes(op, elems);
  const have = reduceScratchBytes(op);
  if (need > have) ctx.error(`tt.reduce: needs ${need} bytes of scratch, ${have} allocated`);
  const elemTypes = operandElementTypes(op);
  const bases = scratchBases(ctx, op, elems);
  const [lane, warp] = ctx.laneWarp();

  // The writers: one lane per group of lanes along the axis and one warp per broadcast group; the slot along the
  // axis is the warp's coordinate along it. Triton reads both off the lane/warp grids of the layout; where those
  // do not locate ids as the layout does (layouts Triton's passes do not make), the axis bits are used directly.
  const [laneAxisIdx, isRepLane] = idCoordinate(ctx, ll, LANE, lane, axis, laneBits);
  const [warpAxisIdx, isRepWarp] = idCoordinate(ctx, ll, WARP, warp, axis, warpBits);
  const laneZero = b.icmp('eq', laneAxisIdx, b.i32(0));
  const write = b.and(b.and(isRepLane, isRepWarp), laneZero);
  for (const g of ordered) {
    const writeIdx = [...srcIndices[g.firstReg]!];
    writeIdx[axis] = warpAxisIdx;
    const off = linearize(b, writeIdx, smemShape, smemOrder);
    for (let i = 0; i < nOps; i++) storeShared(b, b.gep(bases[i]!, elemTypes[i]!, off), g.acc[i]!, write);
  }
  b.barrier();

  // Reduce the per-warp partials: thread t handles element t (+ k * numThreads), `interWarp` consecutive lanes
  // at a time; the first of them writes the total back. As Triton, `tid < elems` guards the accesses even when
  // it always holds (LLVM folds it from the kernel's thread count).
  const numThreads = ctx.numWarps * ctx.threadsPerWarp;
  const tid = ctx.threadId();
  const laneId = b.urem(tid, b.i32(ctx.threadsPerWarp));
  const zero = b.i32(0);
  const rounds = Math.max(1, Math.floor(elems / numThreads));
  const needed = b.icmp('slt', tid, b.i32(elems));
  let readOff = tid;
  for (let round = 0; round < rounds; round++) {
    let acc = bases.map((base, i) => loadShared(b, b.gep(base, elemTypes[i]!, readOff), elemTypes[i]!, needed));
    acc = warpReduce(ctx, op, acc, interWarp - 1);
    const writePtrs = bases.map((base, i) => b.gep(base, elemTypes[i]!, readOff));
    const first = b.icmp('eq', b.urem(laneId, b.i32(interWarp)), zero);
    const pred = b.and(needed, first);
    writePtrs.forEach((p, i) => storeShared(b, p, acc[i]!, pred));
    if (round !== rounds - 1) readOff = b.add(readOff, b.i32(numThreads));
  }
  b.barrier();

  // Read the results at their coordinates with the axis slot 0.
  const out = resultTypes.map((rt, i) => {
    if (!(rt instanceof RankedTensorType)) return [loadShared(b, bases[i]!, elemTypes[i]!)];
    const idx = emitIndices(ctx, rt, true);
    return idx.map((coords) => {
      const readIdx = [...coords];
      readIdx.splice(axis, 0, b.i32(0));
      rt.shape.forEach((size, r) => {
        const d = r < axis ? r : r + 1;
        // A result dim longer than the buffer's (the source shape smaller than a thread's tile) wraps.
        if (size > smemShape[d]!) readIdx[d] = b.urem(readIdx[d]!, b.i32(smemShape[d]!));
      });
      const off = linearize(b, readIdx, smemShape, smemOrder);
      return loadShared(b, b.gep(bases[i]!, elemTypes[i]!, off), elemTypes[i]!);
    });
  });
  ctx.replace(out);
});
