/**
 * `--triton-nvidia-gpu-proxy-fence-insertion=compute-capability=N` (Triton 3.6's ProxyFenceInsertionPass), run
 * after shared-memory allocation on sm90+: a TMA load (`ttng.async_tma_copy_global_to_local`, async proxy) into a
 * shared buffer whose allocated interval overlaps pending generic-proxy accesses (reads and writes since the last
 * fence, including ops' scratch buffers, e.g. `ttng.tensormap_create`) gets a `ttng.fence_async_shared
 * {bCluster = false}` before it. Pending accesses of async-proxy ops and mbarrier ops (and tmem_copy) are ignored.
 * The state flows through the CFG and region branches (Triton's MembarOrFenceAnalysis: "virtual blocks" split at
 * region ops) to a fixed point; a call brings its callee's pending accesses. Intervals come from Triton's generic
 * allocation analysis (the default scratch sizes: convert_layout scratch through ld/st-only swizzling).
 */
import { createOperation } from '../dialect/ir/create.js';
import type { Block, Operation, Region } from '../dialect/ir/ir.js';
import { IntegerAttr, SymbolRefAttr, StringAttr } from '../dialect/ir/attribute.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { getMemoryEffects } from '../dialect/ir/traits.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { ModuleAllocation, cvtNeedsSharedMemory, nvidiaScratchSizeFn, tensorBitwidth, type FunctionAllocation, type ScratchSizeFn } from '../analysis/allocation.js';
import { optimalSwizzlingLdSt, removeBroadcastedRegs } from '../analysis/generic-swizzling.js';
import { getRegionBranchModel } from '../dialect/ir/rewrite/region-branch.js';
import { registerPass } from './pass.js';
import { ConvertLayoutOp, WarpSpecializeOp } from '../dialect/ttg/ops.js';
import {
  ArriveBarrierOp,
  AsyncTMACopyGlobalToLocalOp,
  AsyncTMAReduceOp,
  AsyncTMAScatterOp,
  FenceAsyncSharedOp,
  InitBarrierOp,
  InvalBarrierOp,
  TMEMCopyOp,
  WaitBarrierOp,
  WarpGroupDotOp,
} from '../dialect/ttng/ops.js';
import { TCGen5MMAOp, TCGen5MMAScaledOp } from '../dialect/ttng/mma-v5-ops.js';
import { AsyncTMAGatherOp } from '../dialect/ttng/tma-gather-op.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';
import { CallOp, ReturnOp } from '../dialect/tt/ops.js';

interface Interval {
  start: number;
  end: number;
}

type IntervalOps = Map<string, { iv: Interval; ops: Set<Operation> }>;

function addTo(m: IntervalOps, iv: Interval, op: Operation): void {
  const k = `${iv.start}:${iv.end}`;
  let e = m.get(k);
  if (!e) m.set(k, (e = { iv, ops: new Set() }));
  e.ops.add(op);
}

type Filter = (lhs: Operation, rhs: Operation) => boolean;

class BlockInfo {
  reads: IntervalOps = new Map();
  writes: IntervalOps = new Map();
  clone(): BlockInfo {
    const b = new BlockInfo();
    b.join(this);
    return b;
  }
  join(o: BlockInfo): void {
    for (const [mine, theirs] of [
      [this.reads, o.reads],
      [this.writes, o.writes],
    ] as const) {
      for (const { iv, ops } of theirs.values()) for (const op of ops) addTo(mine, iv, op);
    }
  }
  sync(): void {
    this.reads.clear();
    this.writes.clear();
  }
  equals(o: BlockInfo): boolean {
    const same = (a: IntervalOps, b: IntervalOps): boolean => {
      if (a.size !== b.size) return false;
      for (const [k, e] of a) {
        const f = b.get(k);
        if (!f || f.ops.size !== e.ops.size) return false;
        for (const op of e.ops) if (!f.ops.has(op)) return false;
      }
      return true;
    };
    return same(this.reads, o.reads) && same(this.writes, o.writes);
  }
  private static conflict(lhs: IntervalOps, rhs: IntervalOps, filter: Filter): boolean {
    for (const l of lhs.values()) {
      for (const r of rhs.values()) {
        if (!(l.iv.start < r.iv.end && r.iv.start < l.iv.end)) continue;
        for (const lo of l.ops) for (const ro of r.ops) if (!filter(lo, ro)) return true;
      }
    }
    return false;
  }
  isIntersected(o: BlockInfo, filter: Filter): boolean {
    return BlockInfo.conflict(this.writes, o.reads, filter) || BlockInfo.conflict(this.reads, o.writes, filter) || BlockInfo.conflict(this.writes, o.writes, filter);
  }
}

/** Async-proxy writers; each writes its `result` buffer operand. */
const ASYNC_WRITES = [AsyncTMACopyGlobalToLocalOp, AsyncTMAGatherOp];
const ASYNC_READS = [WarpGroupDotOp, TCGen5MMAOp, TCGen5MMAScaledOp, AsyncTMACopyGlobalToLocalOp, AsyncTMAScatterOp, AsyncTMAReduceOp];
const IGNORED = [ArriveBarrierOp, TMEMCopyOp, WaitBarrierOp, InitBarrierOp, InvalBarrierOp];

function ignoredForFence(op: Operation): boolean {
  return isAnyOf(op, ASYNC_READS) || isAnyOf(op, ASYNC_WRITES) || isAnyOf(op, IGNORED);
}

/** Triton's defaultAllocationAnalysisScratchSizeFn: the NVIDIA sizes, but convert_layout scratch via ld/st swizzling. */
function defaultScratchSizeFn(threadsPerWarp: number): ScratchSizeFn {
  const nvidia = nvidiaScratchSizeFn({ computeCapability: 80, ptxVersion: 80 }, threadsPerWarp);
  return (op) => {
    if (!ConvertLayoutOp.is(op)) return nvidia(op);
    const s = ConvertLayoutOp.src(op).type;
    const d = op.result(0).type;
    if (!(s instanceof RankedTensorType) || !(d instanceof RankedTensorType) || !s.encoding || !d.encoding) return 0;
    if (!cvtNeedsSharedMemory(s, d)) return 0;
    const src = removeBroadcastedRegs(toLinearLayout(s.shape, s.encoding));
    const dst = removeBroadcastedRegs(toLinearLayout(d.shape, d.encoding));
    const bw = tensorBitwidth(s);
    const smem = optimalSwizzlingLdSt(src, dst, bw);
    return ((smem.getTotalOutDimSize() / smem.getInDimSize('reps')) * bw) / 8;
  };
}

/** A run of ops of `block` after `after` (from the start when undefined) up to a terminator or region branch op. */
interface VirtualBlock {
  block: Block;
  after: Operation | undefined;
}

function isRegionBranch(op: Operation | undefined): boolean {
  return op !== undefined && (getRegionBranchModel(op) !== undefined || WarpSpecializeOp.is(op));
}

class FenceAnalysis {
  private readonly vbs = new Map<Block, Map<Operation | undefined, VirtualBlock>>();

  constructor(
    private readonly func: Operation,
    private readonly alloc: FunctionAllocation,
    private readonly calleeInfo: (call: Operation) => BlockInfo | undefined,
  ) {}

  private vb(block: Block, after: Operation | undefined): VirtualBlock {
    let m = this.vbs.get(block);
    if (!m) this.vbs.set(block, (m = new Map()));
    let v = m.get(after);
    if (!v) m.set(after, (v = { block, after }));
    return v;
  }

  private intervalsOf(op: Operation, info: BlockInfo, proxy: BlockInfo): void {
    for (const e of getMemoryEffects(op) ?? []) {
      if (!e.value) continue;
      for (const b of this.alloc.bufferIdsOf(e.value)) {
        const iv = { start: b.offset, end: b.offset + b.size };
        const asyncWrite = ASYNC_WRITES.find((h) => h.is(op));
        if (asyncWrite) {
          if (e.value === asyncWrite.result(op)) addTo(proxy.writes, iv, op);
        } else if (e.kind === 'write') addTo(info.writes, iv, op);
        else if (e.kind === 'read') addTo(info.reads, iv, op);
      }
    }
  }

  private update(op: Operation, info: BlockInfo): void {
    if (FenceAsyncSharedOp.is(op)) {
      info.sync();
      return;
    }
    const cur = new BlockInfo();
    const proxy = new BlockInfo();
    if (CallOp.is(op)) {
      const ci = this.calleeInfo(op);
      if (ci) cur.join(ci);
    } else {
      this.intervalsOf(op, cur, proxy);
      const scratch = this.alloc.opScratch.get(op);
      if (scratch) addTo(cur.reads, { start: scratch.offset, end: scratch.offset + scratch.size }, op);
    }
    if ((isAnyOf(op, ASYNC_WRITES) || isAnyOf(op, ASYNC_READS)) && proxy.isIntersected(info, (_l, r) => ignoredForFence(r))) {
      op.parent!.insertBefore(op, createOperation({ name: FenceAsyncSharedOp.opName, attributes: [['bCluster', IntegerAttr.bool(false)]], loc: op.loc }));
      info.sync();
    }
    info.join(cur);
  }

  private successorsOf(term: Operation): VirtualBlock[] {
    if (term.successors.length > 0) return term.successors.map((b) => this.vb(b, undefined));
    const entryOf = (r: Region | undefined, parent: Operation): VirtualBlock => (r?.blocks[0] ? this.vb(r.blocks[0], undefined) : this.vb(parent.parent!, parent));
    if (isRegionBranch(term)) {
      if (WarpSpecializeOp.is(term)) return [entryOf(term.region(0), term)];
      return getRegionBranchModel(term)!.entrySuccessors(term, []).map((s) => entryOf(s.region, term));
    }
    const parent = term.parentOp;
    if (parent && isRegionBranch(parent)) {
      if (WarpSpecializeOp.is(parent)) return [this.vb(parent.parent!, parent)];
      return getRegionBranchModel(parent)!.terminatorSuccessors(parent, term, []).map((s) => entryOf(s.region, parent));
    }
    return [];
  }

  run(): BlockInfo {
    const inputs = new Map<VirtualBlock, BlockInfo>();
    const outputs = new Map<VirtualBlock, BlockInfo>();
    const work: VirtualBlock[] = [];
    const visitBlocks = (op: Operation): void => {
      for (const r of op.regions) {
        for (const b of r.blocks) {
          if (b === r.blocks[0] && !isRegionBranch(b.parentOp)) work.push(this.vb(b, undefined));
          for (const o of b.ops) visitBlocks(o);
        }
      }
    };
    visitBlocks(this.func);
    while (work.length) {
      const vb = work.shift()!;
      const info = (inputs.get(vb) ?? new BlockInfo()).clone();
      const ops = vb.block.ops;
      let i = vb.after ? ops.indexOf(vb.after) + 1 : 0;
      let successors: VirtualBlock[] = [];
      for (; i < ops.length; i++) {
        const op = ops[i]!;
        if (op.hasTrait('Terminator') || isRegionBranch(op)) {
          successors = this.successorsOf(op);
          break;
        }
        const before = ops.length;
        this.update(op, info);
        i += ops.length - before;
      }
      const prev = outputs.get(vb);
      if (prev && prev.equals(info)) continue;
      outputs.set(vb, info);
      for (const s of successors) {
        let si = inputs.get(s);
        if (!si) inputs.set(s, (si = new BlockInfo()));
        si.join(info);
        work.push(s);
      }
    }
    const result = new BlockInfo();
    this.func.walk((op) => {
      if (!ReturnOp.is(op)) return;
      const block = op.parent!;
      let best: VirtualBlock | undefined;
      for (const vb of this.vbs.get(block)?.values() ?? []) {
        if (!outputs.has(vb)) continue;
        if (!best || (best.after === undefined && vb.after !== undefined) || (best.after && vb.after && best.after.isBeforeInBlock(vb.after))) best = vb;
      }
      if (best) result.join(outputs.get(best)!);
    });
    return result;
  }
}

export function insertProxyFences(mod: Operation): void {
  const tpw = mod.getAttr('ttg.threads-per-warp');
  const alloc = new ModuleAllocation(mod, defaultScratchSizeFn(tpw instanceof IntegerAttr ? tpw.num : 32));
  const infos = new Map<Operation, BlockInfo>();
  const byName = new Map<string, Operation>();
  for (const f of alloc.funcs.keys()) {
    const n = f.getAttr('sym_name');
    if (n instanceof StringAttr) byName.set(n.value, f);
  }
  // alloc.funcs lists callees before their callers.
  for (const [f, fa] of alloc.funcs) {
    const analysis = new FenceAnalysis(f, fa, (call) => {
      const c = call.getAttr('callee');
      const g = c instanceof SymbolRefAttr ? byName.get(c.root) : undefined;
      return g ? infos.get(g) : undefined;
    });
    infos.set(f, analysis.run());
  }
}

registerPass({
  name: 'triton-nvidia-gpu-proxy-fence-insertion',
  className: 'TritonGPUProxyFenceInsertion',
  description: 'Insert fences across generic and async proxy',
  options: { 'compute-capability': { type: 'int', default: 90, description: 'device compute capability' } },
  run(mod, options) {
    if (options['compute-capability'] < 90) return;
    insertProxyFences(mod);
  },
});
