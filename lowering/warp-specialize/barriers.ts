/**
 * Barriers of warp-specialized kernels. Once partitions run side by side, a CTA-wide `bar.sync 0` would wait for
 * warps that are busy elsewhere, so each warp group synchronizes on a named barrier of its own: barrier 0 for the
 * default warp group, barrier 1 for the switch loop that hands work to the worker warps (every thread of the CTA
 * takes part), and 2 + i for partition i; a hardware CTA has 16.
 */
import type { Operation } from '../../dialect/ir/ir.js';
import { Builder } from '../../dialect/ir/builder.js';
import { Barrier0Op } from '../../dialect/nvvm/ops.js';
import { WarpSpecializeOp, WarpSpecializePartitionsOp } from '../../dialect/ttg/ops.js';
import { LLVMVoidType } from '../../dialect/llvm/types.js';
import { LLVMBuilder } from '../builder.js';

export const DEFAULT_WARP_GROUP_BARRIER = 0;
export const SWITCH_LOOP_BARRIER = 1;
const NUM_RESERVED_BARRIERS = 2;
const NUM_BARRIERS = 16;

/** A builder inserting before `op`, with its location. */
export function builderBefore(op: Operation): LLVMBuilder {
  const b = new Builder();
  b.setInsertionPoint(op);
  return new LLVMBuilder(b, op.loc);
}

/** Synchronizes the `numThreads` threads of a warp group on barrier `id` (one warp: `bar.warp.sync`). */
export function warpGroupBarrier(b: LLVMBuilder, id: number, numThreads: number): void {
  if (numThreads === 32) {
    b.create('nvvm.bar.warp.sync', [b.i32(0xffffffff)], []);
    return;
  }
  const barId = b.i32(id);
  const threads = b.i32(numThreads);
  b.create('nvvm.barrier', [barId, threads], [], [], { operandSegments: [1, 1] });
}

/** `barrier.cta.sync.all id`: every thread of the CTA meets at barrier `id`. */
export function ctaBarrier(b: LLVMBuilder, id: number): void {
  b.intrinsic('llvm.nvvm.barrier.cta.sync.all', [b.i32(id)], LLVMVoidType.get());
}

function replaceBarrier(bar: Operation, id: number, numThreads: number): void {
  warpGroupBarrier(builderBefore(bar), id, numThreads);
  bar.erase();
}

/**
 * Rewrites `nvvm.barrier0` into warp group barriers: outside the partitions (the default warp group's code) on
 * barrier 0 over the default warps, in partition i on barrier 2 + i over its warps. Returns an error message when
 * the partitions need more barriers than the hardware has.
 */
export function rewriteWarpGroupBarriers(func: Operation, wsOps: readonly Operation[], threadsPerWarp: number, defaultWarpGroupSize: number): string | undefined {
  const outside: Operation[] = [];
  func.walk((op) => {
    if (WarpSpecializePartitionsOp.is(op)) return 'skip';
    if (Barrier0Op.is(op)) outside.push(op);
    return undefined;
  });
  for (const bar of outside) replaceBarrier(bar, DEFAULT_WARP_GROUP_BARRIER, defaultWarpGroupSize);
  for (const ws of wsOps) {
    const numWarps = WarpSpecializeOp.partitionNumWarps(ws).values;
    const partitions = ws.regions[1]?.blocks[0]?.ops[0]?.regions ?? [];
    for (const [i, partition] of partitions.entries()) {
      const id = i + NUM_RESERVED_BARRIERS;
      if (id >= NUM_BARRIERS) return `cannot support more than ${NUM_BARRIERS - NUM_RESERVED_BARRIERS} warp group partitions`;
      const bars: Operation[] = [];
      for (const block of partition.blocks) for (const op of block.ops) op.walk((o) => void (Barrier0Op.is(o) && bars.push(o)));
      for (const bar of bars) replaceBarrier(bar, id, threadsPerWarp * numWarps[i]!);
    }
  }
  return undefined;
}
