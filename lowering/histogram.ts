/**
 * `tt.histogram` → LLVM (Triton 3.6's HistogramOpToLLVM).
 *
 * out[b] = number of (unmasked) source elements equal to b (modulo numBins: only the low log2(numBins) bits of
 * each value are looked at), for b in [0, numBins).
 *
 * 1. Per warp, with ballots (no shared memory): the bins are spread over the lanes, lane L owning the
 *    numBins / 32 consecutive bins L * (numBins / 32) + k. For each source register, one ballot per bit of the
 *    bin index gives, for every lane of the warp, that bit of its value. A lane keeps the lanes whose high bits
 *    (the lane part of the bin) equal its own lane id, then for each of its bins k the lanes whose low bits equal
 *    k, and popcounts them. (numBins is padded to at least one bin per lane.)
 * 2. Across warps, in the scratch buffer (numBins i32, see the allocation's scratch size): zero it, barrier,
 *    every lane atomically adds its per-warp counts at lane * binsPerLane + k, barrier, then every output
 *    register loads its bin.
 * 3. Threads holding the same source elements (zero lane / warp bases of the source layout) counted them
 *    several times: the counts are divided by that replication factor.
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { NVVMEnumAttr } from '../dialect/nvvm/attrs.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering } from './conversion.js';
import { emitIndices, LANE, tensorLayout, WARP } from './layout-indices.js';
import { HistogramOp } from '../dialect/tt/ops.js';

const I32 = IntegerType.get(32);
/** LLVM's AtomicBinOp::add and AtomicOrdering::monotonic (stored as i64 attributes). */
const ATOMIC_ADD = IntegerAttr.get(IntegerType.get(64), 1);
const MONOTONIC = IntegerAttr.get(IntegerType.get(64), 2);

/** `vote.sync.ballot` over the full warp: bit i set when lane i's `pred` is true. */
function ballot(b: LLVMBuilder, pred: Value): Value {
  return b.op('nvvm.vote.sync', [b.i32(-1), pred], I32, [['kind', NVVMEnumAttr.get('vote_sync_kind', 'ballot')]]);
}

/** Number of threads holding each source element: 2^(lane and warp bases that move no coordinate). */
function replicationFactor(t: RankedTensorType): number {
  const ll = tensorLayout(t);
  let zeros = 0;
  for (const d of [LANE, WARP]) {
    if (!ll.hasInDim(d)) continue;
    for (let i = 0; i < ll.getInDimSizeLog2(d); i++) if (ll.getBasis(d, i).every((x) => x === 0)) zeros++;
  }
  return 2 ** zeros;
}

registerLowering(HistogramOp, (op, ctx) => {
  const b = ctx.b;
  const srcT = HistogramOp.src(op).type;
  const dstT = op.result(0).type;
  if (!(srcT instanceof RankedTensorType) || !(dstT instanceof RankedTensorType) || !srcT.encoding || !dstT.encoding) {
    return 'tt.histogram on tensors without encodings';
  }
  const tpw = ctx.threadsPerWarp;
  if (tpw !== 32) ctx.error(`tt.histogram: ${tpw} threads per warp are not supported (NVIDIA warps have 32)`);
  const srcVals = ctx.lowered(HistogramOp.src);
  const maskVals = ctx.lowered(HistogramOp.mask) ?? [];
  // At least one bin per lane (the padding bins are never read back).
  const numBins = Math.max(dstT.shape[0]!, tpw);
  const numBits = Math.log2(numBins);
  const laneBits = Math.log2(tpw);
  if (!Number.isInteger(numBits)) ctx.error(`tt.histogram: ${numBins} bins is not a power of two`);
  const binsPerLane = numBins / tpw;
  const tid = ctx.threadId();
  const zero = b.i32(0);
  const full = b.i32(-1);

  // 1. Per-warp counts of this lane's bins.
  const counts: Value[] = new Array<Value>(binsPerLane).fill(zero);
  srcVals.forEach((v, r) => {
    const vt = v.type;
    const bits = Array.from({ length: numBits }, (_, j) => ballot(b, b.icmp('ne', b.and(v, b.int(vt, 2 ** j)), b.int(vt, 0))));
    // Lanes whose value's high (lane) bits name this lane: xor with all-ones keeps the lanes where bit i is set
    // when this lane's bit i is set (the select picks 0 then), and the clear ones otherwise.
    let mine = full;
    for (let i = 0; i < laneBits; i++) {
      const flip = b.select(b.icmp('ne', b.and(tid, b.i32(1 << i)), zero), zero, full);
      mine = b.and(mine, b.xor(bits[i + numBits - laneBits]!, flip));
    }
    mine = b.and(mine, maskVals.length ? ballot(b, maskVals[r]!) : full);
    for (let k = 0; k < binsPerLane; k++) {
      let bin = mine;
      for (let j = 0; j < numBits - laneBits; j++) bin = b.and(bin, b.xor(bits[j]!, k & (1 << j) ? zero : full));
      counts[k] = b.add(counts[k]!, b.op('llvm.intr.ctpop', [bin], I32));
    }
  });

  // 2. Sum the warps' counts in shared memory.
  const base = ctx.sharedMemoryBase(op);
  const dstIdx = emitIndices(ctx, dstT, true).map((c) => c[0]!);
  const numThreads = ctx.numWarps * tpw;
  const lane = b.and(tid, b.i32(tpw - 1));
  for (let i = 0; i < Math.ceil(numBins / numThreads); i++) {
    const off = b.urem(b.add(tid, b.i32(i * numThreads)), b.i32(numBins));
    b.store(zero, b.gep(base, I32, off));
  }
  b.barrier();
  const laneBase = b.mul(lane, b.i32(binsPerLane));
  counts.forEach((c, k) => {
    const ptr = b.gep(base, I32, b.add(laneBase, b.i32(k)));
    b.op('llvm.atomicrmw', [ptr, c], I32, [
      ['bin_op', ATOMIC_ADD],
      ['ordering', MONOTONIC],
    ]);
  });
  b.barrier();
  const loaded = dstIdx.map((idx) => b.load(b.gep(base, I32, idx), I32));

  // 3. Undo the counting of replicated elements.
  const rep = b.i32(replicationFactor(srcT));
  ctx.replaceWith(loaded.map((v) => b.sdiv(v, rep)));
});
