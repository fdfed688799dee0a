/**
 * Membar analysis (Triton 3.6's MembarAnalysis, lib/Analysis/Membar.cpp): finds where a CTA barrier is needed
 * between shared memory accesses. Each block tracks the shared memory intervals read and written since the last
 * barrier; an op whose accesses conflict with them (read-after-write, write-after-read, write-after-write on
 * overlapping intervals) needs a barrier before it. Ops with a scratch buffer write it first and read it last
 * (their lowering synchronises internally), calls bring their callee's pending accesses, `ttg.async_wait`
 * is followed by a barrier, and `ttng.arrive_barrier` (which may signal other warps) counts as an access of all
 * shared memory. The state flows along the CFG to a fixed point, through the default region of a
 * `ttg.warp_specialize`; its partitions start with no pending access.
 *
 * Instead of inserting `gpu.barrier` ops, the analysis returns the ops before which the conversion emits
 * `nvvm.barrier0`.
 */
import type { Block, Operation } from '../dialect/ir/ir.js';
import { getMemoryEffects } from '../dialect/ir/traits.js';
import { SymbolRefAttr, StringAttr } from '../dialect/ir/attribute.js';
import { ModuleAllocation, type Buffer, type FunctionAllocation } from './allocation.js';
import { BarrierOp } from '../dialect/gpu/ops.js';
import { Barrier0Op } from '../dialect/nvvm/ops.js';
import { CallOp, ReturnOp } from '../dialect/tt/ops.js';
import { AsyncWaitOp, WarpSpecializeOp, WarpYieldOp } from '../dialect/ttg/ops.js';
import { ArriveBarrierOp, TMAStoreWaitOp } from '../dialect/ttng/ops.js';

interface Interval {
  start: number;
  end: number;
}
const key = (i: Interval): string => `${i.start}:${i.end}`;
const intersects = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;
/** All of shared memory. */
const ALL: Interval = { start: 0, end: Number.MAX_SAFE_INTEGER };

class BlockInfo {
  reads = new Map<string, Interval>();
  writes = new Map<string, Interval>();

  clone(): BlockInfo {
    const b = new BlockInfo();
    b.reads = new Map(this.reads);
    b.writes = new Map(this.writes);
    return b;
  }
  join(o: BlockInfo): void {
    for (const [k, v] of o.reads) this.reads.set(k, v);
    for (const [k, v] of o.writes) this.writes.set(k, v);
  }
  sync(): void {
    this.reads.clear();
    this.writes.clear();
  }
  equals(o: BlockInfo): boolean {
    if (this.reads.size !== o.reads.size || this.writes.size !== o.writes.size) return false;
    for (const k of this.reads.keys()) if (!o.reads.has(k)) return false;
    for (const k of this.writes.keys()) if (!o.writes.has(k)) return false;
    return true;
  }
  private static any(a: Map<string, Interval>, b: Map<string, Interval>): boolean {
    for (const x of a.values()) for (const y of b.values()) if (intersects(x, y)) return true;
    return false;
  }
  /** RAW, WAR or WAW conflict between pending accesses (this) and an op's accesses (o). */
  isIntersected(o: BlockInfo): boolean {
    return BlockInfo.any(this.writes, o.reads) || BlockInfo.any(this.reads, o.writes) || BlockInfo.any(this.writes, o.writes);
  }
}

function interval(b: Buffer): Interval {
  return { start: b.offset, end: b.offset + b.size };
}

function symName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

class FunctionMembar {
  constructor(
    readonly func: Operation,
    readonly alloc: FunctionAllocation,
    readonly barriers: Set<Operation>,
    readonly calleeInfo: (call: Operation) => BlockInfo | undefined,
  ) {}

  /** Inserts a barrier before `op` (recorded) and syncs. */
  private barrierBefore(op: Operation, info: BlockInfo): void {
    this.barriers.add(op);
    info.sync();
  }

  private update(op: Operation, info: BlockInfo, afterAsyncWait: Set<Operation>): void {
    const isBarrier = BarrierOp.is(op) || Barrier0Op.is(op);
    if (this.barriers.has(op) || isBarrier || afterAsyncWait.has(op)) info.sync();
    if (isBarrier) return;
    if (AsyncWaitOp.is(op) || TMAStoreWaitOp.is(op)) {
      const next = op.nextOp;
      if (next) {
        this.barriers.add(next);
        afterAsyncWait.add(next);
      }
      info.sync();
      return;
    }
    if (WarpSpecializeOp.is(op)) {
      this.warpSpecialize(op, info, afterAsyncWait);
      return;
    }
    const cur = new BlockInfo();
    if (ArriveBarrierOp.is(op)) {
      // It may signal other warps: every shared memory access before it must be complete (Triton's membar).
      cur.writes.set(key(ALL), ALL);
      cur.reads.set(key(ALL), ALL);
    }
    if (CallOp.is(op)) {
      const ci = this.calleeInfo(op);
      if (ci) cur.join(ci);
    } else {
      for (const e of getMemoryEffects(op) ?? []) {
        if (!e.value || e.resource !== 'shared') continue;
        for (const b of this.alloc.bufferIdsOf(e.value)) {
          const iv = interval(b);
          if (e.kind === 'write') cur.writes.set(key(iv), iv);
          else if (e.kind === 'read') cur.reads.set(key(iv), iv);
        }
      }
      const scratch = this.alloc.opScratch.get(op);
      if (scratch) {
        const iv = interval(scratch);
        cur.writes.set(key(iv), iv);
        if (info.isIntersected(cur)) this.barrierBefore(op, info);
        // The op synchronises its own write and read phases.
        info.sync();
        cur.reads.set(key(iv), iv);
      }
    }
    if (info.isIntersected(cur)) this.barrierBefore(op, info);
    info.join(cur);
  }

  /**
   * A `ttg.warp_specialize` is a region branch: the default warps run its default region from the state before
   * it and continue after it from the state at its `ttg.warp_yield`s. Its partitions are analyzed on their own.
   */
  private warpSpecialize(op: Operation, info: BlockInfo, afterAsyncWait: Set<Operation>): void {
    const region = op.regions[0]!;
    const entry = region.blocks[0];
    if (!entry) return;
    const outputs = this.fixedPoint([[entry, info.clone()]], afterAsyncWait);
    const exit = new BlockInfo();
    for (const b of region.blocks) if (WarpYieldOp.is(b.terminator)) exit.join(outputs.get(b) ?? new BlockInfo());
    info.sync();
    info.join(exit);
  }

  /** Runs the fixed point; returns the state at the function's returns. */
  run(): BlockInfo {
    const afterAsyncWait = new Set<Operation>();
    const starts: [Block, BlockInfo][] = [];
    this.func.walk((op) => {
      // The regions of a warp_specialize (its default region, the partitions' holder) are entered from it.
      if (WarpSpecializeOp.is(op)) return;
      for (const r of op.regions) {
        const entry = r.blocks[0];
        if (entry) starts.push([entry, new BlockInfo()]);
      }
    });
    const outputs = this.fixedPoint(starts, afterAsyncWait);
    const result = new BlockInfo();
    this.func.walk((op) => {
      if (ReturnOp.is(op) && op.parent) result.join(outputs.get(op.parent) ?? new BlockInfo());
    });
    return result;
  }

  /** The states at the end of each block reached from `starts` (blocks with their entry states). */
  private fixedPoint(starts: readonly [Block, BlockInfo][], afterAsyncWait: Set<Operation>): Map<Block, BlockInfo> {
    const inputs = new Map<Block, BlockInfo>(starts.map(([b, i]) => [b, i]));
    const outputs = new Map<Block, BlockInfo>();
    const work: Block[] = starts.map(([b]) => b);
    let guard = 0;
    while (work.length && guard++ < 100000) {
      const block = work.shift()!;
      const info = (inputs.get(block) ?? new BlockInfo()).clone();
      let successors: Block[] = [];
      for (const op of block.ops) {
        if (op === block.terminator && op.hasTrait('Terminator')) {
          successors = op.successors;
          break;
        }
        this.update(op, info, afterAsyncWait);
      }
      const prev = outputs.get(block);
      if (prev && prev.equals(info)) continue;
      outputs.set(block, info);
      for (const s of successors) {
        let si = inputs.get(s);
        if (!si) inputs.set(s, (si = new BlockInfo()));
        si.join(info);
        work.push(s);
      }
    }
    return outputs;
  }
}

/** Ops that need a barrier before them, for every function of the module. */
export function computeBarriers(module: Operation, alloc: ModuleAllocation): Set<Operation> {
  const barriers = new Set<Operation>();
  const infos = new Map<Operation, BlockInfo>();
  const byName = new Map<string, Operation>();
  for (const f of alloc.funcs.keys()) {
    const n = symName(f);
    if (n) byName.set(n, f);
  }
  // alloc.funcs is filled callees first.
  for (const [f, fa] of alloc.funcs) {
    const fm = new FunctionMembar(f, fa, barriers, (call) => {
      const c = call.getAttr('callee');
      const g = c instanceof SymbolRefAttr ? byName.get(c.root) : undefined;
      return g ? infos.get(g) : undefined;
    });
    infos.set(f, fm.run());
  }
  void module;
  return barriers;
}
