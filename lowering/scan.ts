/**
 * `tt.scan` → LLVM (Triton 3.6's ScanOpToLLVM "fast scan", read off the linear layout).
 *
 * The axis coordinate of an element is built from bits of the register, lane and warp ids (each basis along
 * the axis must be a power of two that moves along the axis only). Sorted from the least significant
 * coordinate bit, those bits must come as: register bits (the in-thread "chunk"), lane bits (contiguous lane
 * id bits, in order), warp bits (in order), register bits again (the "axis blocks"), which is what blocked
 * layouts give (Triton only lowers scans of blocked layouts). Register bits that move along other dims pick
 * independent scans ("parallel chunks"); broadcast registers are computed once.
 *
 * Forward scan (inclusive, `combine(earlier, later)`):
 * 1. in-thread inclusive scan of every chunk;
 * 2. Hillis–Steele scan of each chunk's last element across the lanes along the axis (`shfl.up` by
 *    `i * laneStride`, kept where the lane's axis index is ≥ i);
 * 3a. one warp along the axis: for each chunk, the previous lane's total (`shfl.up`) plus the carried total
 *     of the previous axis blocks is combined into the chunk's other elements; the carry moves to the next
 *     block with `shfl.idx` from the last lane;
 * 3b. several warps: the last lane of each warp stores each chunk's warp total in the scratch buffer
 *     (`[chunk][warp][parallel thread id]`), a barrier, then every thread combines the totals of the warps
 *     before it (and of the previous blocks) into its values.
 * A reverse scan runs the same steps in the reversed axis order (shfl.down, reversed warp and block order)
 * instead of flipping the data.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Value } from '../dialect/ir/ir.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { scanScratchBytes } from '../analysis/allocation.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { BLOCK, LANE, REGISTER, tensorLayout, WARP } from './layout-indices.js';
import { classifyBits } from './reduce.js';
import { bitsOf, combine, loadShared, operandElementTypes, pext, scratchBases, scratchBytes, shuffle, storeShared } from './reduce-scan-common.js';
import { ScanOp } from '../dialect/tt/ops.js';
import { BlockedEncodingAttr } from '../dialect/ttg/attrs/blocked.js';
import { lowerBlockedScan, scanHelper } from './scan-blocked.js';
import { blockedScanApplies } from './scan-blocked-check.js';

type Resource = 'register' | 'lane' | 'warp';

interface AxisBit {
  coordBit: number;
  res: Resource;
  bit: number;
}

/** The scan structure of a layout along `axis`, or a reason why it is not supported. */
export interface ScanPlan {
  /** Register bits of the chunk (lowest coordinate bits), least significant first. */
  chunkBits: number[];
  /** Lane bits along the axis, least significant first (contiguous). */
  laneBits: number[];
  /** Warp bits along the axis, least significant first. */
  warpBits: number[];
  /** Register bits of the axis blocks (above lanes and warps), least significant first. */
  blockBits: number[];
  regOther: number;
  regFree: number;
  laneOther: number;
  laneFree: number;
  warpOther: number;
  warpFree: number;
}

export function planScan(ll: ReturnType<typeof tensorLayout>, axis: number): ScanPlan | string {
  const reg = classifyBits(ll, REGISTER, axis);
  const lane = classifyBits(ll, LANE, axis);
  const warp = classifyBits(ll, WARP, axis);
  const block = classifyBits(ll, BLOCK, axis);
  if (reg.mixed || lane.mixed || warp.mixed) return 'bases moving along the scan axis and another dim';
  if (block.axis || block.mixed) return 'scan across CTAs';
  const bits: AxisBit[] = [];
  const seen = new Set<number>();
  for (const [res, mask] of [
    [REGISTER, reg.axis],
    [LANE, lane.axis],
    [WARP, warp.axis],
  ] as [Resource, number][]) {
    for (const bit of bitsOf(mask)) {
      const v = ll.getBasis(res, bit)[axis]!;
      if (v <= 0 || (v & (v - 1)) !== 0) return 'an axis basis that is not a power of two';
      const coordBit = 31 - Math.clz32(v);
      if (seen.has(coordBit)) return 'two bases with the same axis step';
      seen.add(coordBit);
      bits.push({ coordBit, res, bit });
    }
  }
  bits.sort((x, y) => x.coordBit - y.coordBit);
  // Expect register* lane* warp* register*.
  const phases: Resource[] = [REGISTER, LANE, WARP, REGISTER];
  let phase = 0;
  const groups: AxisBit[][] = [[], [], [], []];
  for (const ab of bits) {
    while (phase < 4 && phases[phase] !== ab.res) phase++;
    if (phase === 4) return 'axis bits not ordered as registers, lanes, warps, registers';
    groups[phase]!.push(ab);
  }
  const laneBits = groups[1]!.map((x) => x.bit);
  for (let i = 1; i < laneBits.length; i++) if (laneBits[i] !== laneBits[i - 1]! + 1) return 'lane bits along the axis are not contiguous';
  const warpBits = groups[2]!.map((x) => x.bit);
  for (let i = 1; i < warpBits.length; i++) if (warpBits[i]! < warpBits[i - 1]!) return 'warp bits along the axis are out of order';
  return {
    chunkBits: groups[0]!.map((x) => x.bit),
    laneBits,
    warpBits,
    blockBits: groups[3]!.map((x) => x.bit),
    regOther: reg.other,
    regFree: reg.free,
    laneOther: lane.other,
    laneFree: lane.free,
    warpOther: warp.other,
    warpFree: warp.free,
  };
}

/** Packs the bits of `r` at `positions` (least significant first). */
function gather(r: number, positions: readonly number[]): number {
  let v = 0;
  positions.forEach((p, k) => (v |= ((r >>> p) & 1) << k));
  return v;
}

registerLowering(ScanOp, (op, ctx: LoweringContext) => {
  const b = ctx.b;
  const axis = ScanOp.axis(op).num;
  const revAttr = op.getAttr('reverse');
  const reverse = revAttr instanceof IntegerAttr ? revAttr.num !== 0 : false;
  const srcT = ScanOp.srcs(op)[0]!.type;
  if (!(srcT instanceof RankedTensorType) || !srcT.encoding) return 'tt.scan on a tensor without encoding';
  // Triton's verifier lets any axis through (its own combine.mlir scans axis 1 of a 1-D tensor); only the lowering
  // needs it to name a dimension.
  if (axis < 0 || axis >= srcT.rank) return `tt.scan: axis ${axis} is out of range for a tensor of rank ${srcT.rank}`;
  // Blocked layouts (the only ones Triton lowers) take Triton's own algorithm, op for op.
  if (srcT.encoding instanceof BlockedEncodingAttr && blockedScanApplies(srcT, srcT.encoding, axis, reverse)) {
    const h = scanHelper(srcT, srcT.encoding, axis);
    if (h.axisNumWarps === 1 || scratchBytes(op, h.scratchElems) <= scanScratchBytes(op)) {
      lowerBlockedScan(op, ctx, srcT, srcT.encoding, axis, reverse);
      return;
    }
  }
  const ll = tensorLayout(srcT);
  const plan = planScan(ll, axis);
  if (typeof plan === 'string') ctx.error(`tt.scan: unsupported layout (${plan})`);
  const region = op.region(0);
  const nOps = op.operands.length;
  const inputs = ctx.operands();
  const nReg = inputs[0]!.length;

  const chunkLen = 1 << plan.chunkBits.length;
  const nBlocks = 1 << plan.blockBits.length;
  const nLanesAxis = 1 << plan.laneBits.length;
  const nWarpsAxis = 1 << plan.warpBits.length;
  const logical = (v: number, n: number): number => (reverse ? n - 1 - v : v);

  // Unique registers by (parallel chunk, axis block, position).
  const vals = new Map<number, Value[]>();
  interface Chunk {
    pc: number;
    block: number;
    regs: number[]; // by logical position
  }
  const chunks = new Map<string, Chunk>();
  for (let r = 0; r < nReg; r++) {
    if (r & plan.regFree) continue;
    vals.set(
      r,
      inputs.map((x) => x[r]!),
    );
    const pc = r & plan.regOther;
    const block = logical(gather(r, plan.blockBits), nBlocks);
    const pos = logical(gather(r, plan.chunkBits), chunkLen);
    const key = `${pc}:${block}`;
    let c = chunks.get(key);
    if (!c) {
      c = { pc, block, regs: new Array<number>(chunkLen).fill(-1) };
      chunks.set(key, c);
    }
    c.regs[pos] = r;
  }
  // Chunks in (parallel chunk, block) order; the scratch numbering follows it.
  const ordered = [...chunks.values()].sort((x, y) => x.pc - y.pc || x.block - y.block);
  for (const c of ordered) if (c.regs.some((r) => r < 0)) ctx.error('tt.scan: incomplete chunk');

  // 1. In-thread inclusive scans.
  for (const c of ordered) {
    let acc: Value[] = [];
    for (const r of c.regs) {
      acc = combine(ctx, region, acc, vals.get(r)!);
      vals.set(r, acc);
    }
  }

  const [lane, warp] = ctx.laneWarp();
  const laneStride = plan.laneBits.length ? 1 << plan.laneBits[0]! : 1;
  const laneAxisMask = plan.laneBits.reduce((m, bit) => m | (1 << bit), 0);
  const warpAxisMask = plan.warpBits.reduce((m, bit) => m | (1 << bit), 0);
  let laneIdx: Value | undefined;
  if (plan.laneBits.length) {
    laneIdx = pext(b, lane, laneAxisMask);
    if (reverse) laneIdx = b.sub(b.i32(nLanesAxis - 1), laneIdx);
  }
  /** The value of the previous lane along the axis (in scan order), `shfl.up`/`shfl.down` by `i` lanes. */
  const prevLane = (v: Value, i: number): Value => shuffle(b, reverse ? 'down' : 'up', v, i * laneStride);

  // 2. Warp scan of each chunk's last element.
  const lastPos = chunkLen - 1;
  if (laneIdx) {
    const masks: Value[] = [];
    for (let i = 1; i < nLanesAxis; i <<= 1) masks.push(b.icmp('sge', laneIdx, b.i32(i)));
    for (const c of ordered) {
      const r = c.regs[lastPos]!;
      let acc = vals.get(r)!;
      let k = 0;
      for (let i = 1; i < nLanesAxis; i <<= 1, k++) {
        const shfl = acc.map((v) => prevLane(v, i));
        const sum = combine(ctx, region, shfl, acc);
        const m = masks[k]!;
        acc = acc.map((v, j) => b.select(m, sum[j]!, v));
      }
      vals.set(r, acc);
    }
  }

  const isFirstLane = laneIdx ? b.icmp('eq', laneIdx, b.i32(0)) : undefined;

  /** Combines `prefix` into the chunk's elements before the last; `keep` (when given) keeps the originals. */
  const fixEarlier = (c: Chunk, prefix: Value[], keep: Value | undefined): void => {
    for (let p = 0; p < lastPos; p++) {
      const r = c.regs[p]!;
      const orig = vals.get(r)!;
      const sum = combine(ctx, region, prefix, orig);
      vals.set(r, keep ? sum.map((v, j) => b.select(keep, orig[j]!, v)) : sum);
    }
  };

  if (nWarpsAxis === 1) {
    // 3a. One warp along the axis.
    const carry = new Map<number, Value[]>();
    const laneLast = laneIdx ? b.or(b.and(lane, b.i32(~laneAxisMask)), b.i32(reverse ? 0 : laneAxisMask)) : undefined;
    for (const c of ordered) {
      const r = c.regs[lastPos]!;
      const prev = carry.get(c.pc);
      let last = vals.get(r)!;
      if (prev) last = combine(ctx, region, prev, last);
      vals.set(r, last);
      if (lastPos > 0) {
        if (laneIdx) {
          const up = last.map((v) => prevLane(v, 1));
          if (prev) fixEarlier(c, up.map((v, j) => b.select(isFirstLane!, prev[j]!, v)), undefined);
          else fixEarlier(c, up, isFirstLane);
        } else if (prev) fixEarlier(c, prev, undefined);
      }
      if (nBlocks > 1) carry.set(c.pc, laneLast ? last.map((v) => shuffle(b, 'idx', v, laneLast)) : last);
    }
  } else {
    // 3b. Several warps along the axis: exchange the warp totals through the scratch buffer.
    const numParallel = 1 << (bitsOf(plan.laneOther).length + bitsOf(plan.warpOther).length);
    const elems = ordered.length * nWarpsAxis * numParallel;
    const need = scratchBytes(op, elems);
    const have = scanScratchBytes(op);
    if (need > have) ctx.error(`tt.scan: unsupported layout (needs ${need} bytes of scratch, ${have} allocated; Triton allocates scan scratch for blocked layouts only)`);
    const elemTypes = operandElementTypes(op);
    const bases = scratchBases(ctx, op, elems);
    let warpIdx = pext(b, warp, warpAxisMask);
    if (reverse) warpIdx = b.sub(b.i32(nWarpsAxis - 1), warpIdx);
    const laneOtherIdx = pext(b, lane, plan.laneOther);
    const warpOtherIdx = pext(b, warp, plan.warpOther);
    const nLaneOther = 1 << bitsOf(plan.laneOther).length;
    const parallelId = plan.warpOther ? b.add(laneOtherIdx, b.mul(warpOtherIdx, b.i32(nLaneOther))) : laneOtherIdx;
    let storePred: Value | undefined = laneIdx ? b.icmp('eq', laneIdx, b.i32(nLanesAxis - 1)) : undefined;
    for (const [mask, id] of [
      [plan.laneFree, lane],
      [plan.warpFree, warp],
    ] as [number, Value][]) {
      if (!mask) continue;
      const p = b.icmp('eq', b.and(id, b.i32(mask)), b.i32(0));
      storePred = storePred ? b.and(storePred, p) : p;
    }
    const slot = (chunkId: number, w: Value | number): Value => {
      const wv = typeof w === 'number' ? b.i32(w + chunkId * nWarpsAxis) : b.add(w, b.i32(chunkId * nWarpsAxis));
      return b.add(parallelId, b.mul(wv, b.i32(numParallel)));
    };
    ordered.forEach((c, chunkId) => {
      const last = vals.get(c.regs[lastPos]!)!;
      const idx = slot(chunkId, warpIdx);
      for (let i = 0; i < nOps; i++) storeShared(b, b.gep(bases[i]!, elemTypes[i]!, idx), last[i]!, storePred);
    });
    b.barrier();

    const notFirstWarp = b.icmp('ne', warpIdx, b.i32(0));
    const firstThread = isFirstLane ? b.and(b.icmp('eq', warpIdx, b.i32(0)), isFirstLane) : b.icmp('eq', warpIdx, b.i32(0));
    const total = new Map<number, Value[]>();
    ordered.forEach((c, chunkId) => {
      // Totals of the warps before this one (masked) and of all warps (carried to the next block).
      let acc = total.get(c.pc) ?? [];
      let masked: Value[] = acc;
      for (let w = 0; w < nWarpsAxis; w++) {
        const idx = slot(chunkId, w);
        const partial = bases.map((base, i) => loadShared(b, b.gep(base, elemTypes[i]!, idx), elemTypes[i]!));
        if (acc.length === 0) {
          acc = partial;
          masked = partial;
          continue;
        }
        acc = combine(ctx, region, acc, partial);
        const m = b.icmp('sge', warpIdx, b.i32(w + 1));
        masked = masked.map((v, j) => b.select(m, acc[j]!, v));
      }
      total.set(c.pc, acc);
      const first = c.block === 0;
      const r = c.regs[lastPos]!;
      const orig = vals.get(r)!;
      let last = combine(ctx, region, masked, orig);
      if (first) last = last.map((v, j) => b.select(notFirstWarp, v, orig[j]!));
      vals.set(r, last);
      if (lastPos > 0) {
        let prefix = masked;
        if (laneIdx) {
          const up = last.map((v) => prevLane(v, 1));
          prefix = up.map((v, j) => b.select(isFirstLane!, masked[j]!, v));
        }
        fixEarlier(c, prefix, first ? firstThread : undefined);
      }
    });
  }

  const out: Value[][] = [];
  for (let i = 0; i < nOps; i++) {
    const res: Value[] = [];
    for (let r = 0; r < nReg; r++) res.push(vals.get(r & ~plan.regFree)![i]!);
    out.push(res);
  }
  ctx.replace(out);
});
