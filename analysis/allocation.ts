/**
 * Triton 3.6's shared memory allocation analysis (lib/Analysis/Allocation.cpp, with the NVIDIA scratch size
 * function of third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/Allocation.cpp).
 *
 * Buffers:
 * - explicit: each `ttg.local_alloc` in shared memory (size = elements of its allocation shape per CTA × element
 *   bytes, alignment from the encoding: 128 × maxPhase for NVMMA layouts, 16 otherwise); its liveness is the
 *   union of the MLIR liveness ranges of every value aliasing it (memdesc views, block arguments);
 * - scratch: temporary memory of one op (`convert_layout` through shared memory, `reduce` and `scan` across
 *   warps, non-warp-local `gather`, atomics whose result is broadcast, histogram, `tensormap_create`), live only
 *   during that op, 128-byte aligned;
 * - virtual: a `tt.call` reserves its callee's whole shared memory.
 * Liveness ranges are in post-order operation ids. Offsets come from Triton's first-fit placement
 * (calculateStarts) followed by graph colouring of the interference graph until no live buffers overlap.
 *
 * `attachAllocationAttrs` writes `allocation.offset` on every op owning a buffer (and on the op defining an
 * explicit buffer) and `ttg.shared` (the module's total) on the module, as `allocate-shared-memory-nv` does.
 */
import { IntegerAttr, StringAttr, SymbolRefAttr } from '../dialect/ir/attribute.js';
import { DiagnosticError, opError } from '../dialect/ir/diagnostics.js';
import { BlockArgument, type Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { memoOnIdentityAndNumber } from '../dialect/ir/memo.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { PointerType } from '../dialect/tt/types.js';
import { PaddedSharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';
import { SharedEncodingAttr } from '../dialect/ttg/attrs/common.js';
import { SharedMemorySpaceAttr } from '../dialect/ttg/attrs/memory-space.js';
import {
  getContigPerThread,
  getCTASplitNum,
  getShapePerCTA,
  getThreadsPerWarp,
  getWarpsPerCTA,
} from '../dialect/ttg/layout-queries.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { BlockedEncodingAttr } from '../dialect/ttg/attrs/blocked.js';
import { cvtReordersRegisters, minimalCvtLayout } from '../dialect/ttg/utils/layout-utils.js';
import { BLOCK, LANE, REGISTER, getSrcDstTiles, optimalSwizzling, removeBroadcastedRegs } from './generic-swizzling.js';
import { AtomicCASOp, AtomicRMWOp, GatherOp, HistogramOp, ReduceOp, ScanOp } from '../dialect/tt/ops.js';
import { ConvertLayoutOp } from '../dialect/ttg/ops.js';
import { TensormapCreateOp } from '../dialect/ttng/ops.js';
import { CondBranchOp } from '../dialect/cf/ops.js';
import { CondBrOp } from '../dialect/llvm/ops.js';
import { CallOp } from '../dialect/tt/ops.js';
import { LocalAllocOp, WarpSpecializeOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { warpSpecializeCaptureSizeAlign, warpStateBytes } from './warp-specialize-scratch.js';
import { isMemDescView, memDescViewSource } from '../dialect/ttg/memdesc-view.js';

// ---------------------------------------------------------------------------------------------------------
// Scratch sizes

/** Target description the NVIDIA scratch size function needs. */
export interface AllocationTarget {
  computeCapability: number;
  ptxVersion: number;
}

export type ScratchSizeFn = (op: Operation) => number;

function elemBitWidth(t: Type): number {
  if (t instanceof PointerType) return 64;
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}

/** Triton's getBitwidth of a tensor type: pointers 64, otherwise at least 8. */
export function tensorBitwidth(t: RankedTensorType): number {
  if (t.elementType instanceof PointerType) return 64;
  return Math.max(elemBitWidth(t.elementType), 8);
}

const product = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);

/**
 * Whether a conversion between two tensor types needs warp shuffles only (Triton's cvtNeedsWarpShuffle): the
 * conversion stays within each warp and decomposes into register/lane permutations with fewer than two mixed
 * register↔lane transpositions.
 */
export function cvtNeedsWarpShuffle(srcTy: RankedTensorType, dstTy: RankedTensorType): boolean {
  const l = minimalCvtLayout(srcTy, dstTy);
  if (!l) return false;
  const outs = l.getOutDimNames();
  if (!(outs.length === 2 && outs[0] === REGISTER && outs[1] === LANE)) return false;
  return countMixedTranspositions(srcTy, dstTy) < 2;
}

/** The number of register↔lane transpositions in Triton's getWarpLayoutConvertDecomposition. */
export function countMixedTranspositions(srcTy: RankedTensorType, dstTy: RankedTensorType): number {
  const src = removeBroadcastedRegs(toLinearLayout(srcTy.shape, srcTy.encoding!));
  const dst = removeBroadcastedRegs(toLinearLayout(dstTy.shape, dstTy.encoding!));
  const nSrcReg = src.getInDimSizeLog2(REGISTER);
  const nDstReg = dst.getInDimSizeLog2(REGISTER);
  const nSrcLane = src.getInDimSizeLog2(LANE);
  const nDstLane = dst.getInDimSizeLog2(LANE);
  const nReg = Math.max(nSrcReg, nDstReg);
  const nLane = Math.max(nSrcLane, nDstLane);
  const inDims = [REGISTER, LANE];
  const outDims = src.getOutDimNames();
  let S = src.sublayout(inDims, outDims);
  let T = dst.sublayout(inDims, outDims);
  if (nSrcReg !== nDstReg || nSrcLane !== nDstLane) {
    const pad = (ll: LinearLayout): LinearLayout => {
      const named: [string, number[][]][] = [];
      for (const [d, bs] of ll.getBases()) {
        const list = bs.map((b) => [...b]);
        const target = d === REGISTER ? nReg : d === LANE ? nLane : list.length;
        while (list.length < target) list.push(new Array<number>(outDims.length).fill(0));
        named.push([d, list]);
      }
      return LinearLayout.fromBasesWithSizes(named, ll.getOutDims(), false);
    };
    S = pad(S);
    T = pad(T);
  }
  const comp = S.invertAndCompose(T);
  // pBases[dim][i] = [regComponent, laneComponent]
  const pBases = new Map<string, number[][]>();
  for (const d of inDims) {
    const n = comp.getInDimSizeLog2(d);
    const list: number[][] = [];
    for (let i = 0; i < n; i++) {
      const b = comp.getBasis(d, i);
      list.push(inDims.map((od) => (comp.hasOutDim(od) ? b[comp.getOutDimIndex(od)]! : 0)));
    }
    pBases.set(d, list);
  }
  const Sf = S.flattenOuts();
  const Tf = T.flattenOuts();
  const srcFree: [number, number][] = [];
  const dstFree: [number, number][] = [];
  inDims.forEach((d, dimIdx) => {
    const n = Sf.getInDimSizeLog2(d);
    for (let i = 0; i < n; i++) {
      const s = Sf.getBasis(d, i)[0]!;
      const t = Tf.getBasis(d, i)[0]!;
      if (s === 0 && t === 0) pBases.get(d)![i]![dimIdx] = 1 << i;
      else if (s === 0) srcFree.push([dimIdx, i]);
      else if (t === 0) dstFree.push([dimIdx, i]);
    }
  });
  for (let k = 0; k < Math.min(srcFree.length, dstFree.length); k++) {
    const [sd, si] = srcFree[k]!;
    const [dd, di] = dstFree[k]!;
    pBases.get(inDims[sd]!)![si]![dd] = 1 << di;
  }
  const flatIdx = (d: string, i: number): number => (d === REGISTER ? i : nReg + i);
  const visited = new Set<number>();
  let mixed = 0;
  for (const d of inDims) {
    const n = Sf.getInDimSizeLog2(d);
    for (let i = 0; i < n; i++) {
      if (visited.has(flatIdx(d, i))) continue;
      const entry = flatIdx(d, i);
      let currDim = d;
      let currIdx = i;
      let regStart = -1;
      let regEnd = -1;
      let guard = 0;
      do {
        visited.add(flatIdx(currDim, currIdx));
        const vec = pBases.get(currDim)?.[currIdx] ?? [0, 0];
        let nextDim = currDim;
        let nextIdx = currIdx;
        vec.forEach((v, k) => {
          if (v !== 0) {
            nextDim = inDims[k]!;
            nextIdx = 31 - Math.clz32(v);
          }
        });
        if (currDim === REGISTER && nextDim === LANE) regStart = currIdx;
        else if (currDim === LANE && nextDim === REGISTER) regEnd = nextIdx;
        if (regEnd >= 0) {
          mixed++;
          regStart = regEnd = -1;
        }
        currDim = nextDim;
        currIdx = nextIdx;
        if (++guard > 64) break;
      } while (flatIdx(currDim, currIdx) !== entry);
      void regStart;
    }
  }
  return mixed;
}

/** Triton's cvtNeedsSharedMemory. */
export function cvtNeedsSharedMemory(srcTy: RankedTensorType, dstTy: RankedTensorType): boolean {
  return !cvtReordersRegisters(srcTy, dstTy) && !cvtNeedsWarpShuffle(srcTy, dstTy);
}

/**
 * The shared memory layout a convert_layout goes through and the number of scratch elements (Triton's NVIDIA
 * getNumScratchElemsSwizzledCvt): the swizzled layout holds the whole tensor divided by its `reps`.
 */
export interface SwizzledCvt {
  readonly smem: LinearLayout;
  readonly tiles: [number, number];
  readonly elems: number;
}
// Memoized for the compilation (dialect/ir/memo.ts): allocate-shared-memory and the lowering both ask it per convert.
export const swizzledCvtLayout = memoOnIdentityAndNumber(computeSwizzledCvtLayout);
function computeSwizzledCvtLayout(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number): SwizzledCvt {
  const src = removeBroadcastedRegs(toLinearLayout(srcTy.shape, srcTy.encoding!));
  const dst = removeBroadcastedRegs(toLinearLayout(dstTy.shape, dstTy.encoding!));
  const bitwidth = tensorBitwidth(srcTy);
  // Triton 3.6 offers every tile whether or not the conversion moves data between CTAs, and sizes the buffer for
  // the layout's whole tensor (all CTAs), not one CTA's share (difftest conversions, lit/passes/allocate-cvt-multi-cta.mlir)
  const [srcTiles, dstTiles] = getSrcDstTiles(computeCapability, bitwidth, false);
  const [smem, tiles] = optimalSwizzling(src, dst, srcTiles, dstTiles, bitwidth);
  const reps = smem.getInDimSize('reps');
  return { smem, tiles, elems: smem.getTotalOutDimSize() / reps };
}

function tensorOf(v: Value): RankedTensorType | undefined {
  const t = v.type;
  return t instanceof RankedTensorType && t.encoding ? t : undefined;
}

/** Scratch bytes of a `ttg.convert_layout` (none unless Triton 3.6 goes through shared memory). */
export function cvtScratchBytes(srcTy: RankedTensorType, dstTy: RankedTensorType, computeCapability: number): number {
  if (!cvtNeedsSharedMemory(srcTy, dstTy)) return 0;
  const { elems } = swizzledCvtLayout(srcTy, dstTy, computeCapability);
  return (elems * tensorBitwidth(srcTy)) / 8;
}

/** Scratch bytes of a `tt.reduce` (Triton 3.6's ReduceOpHelper::getScratchSizeInBytes). */
export function reduceScratchBytes(op: Operation): number {
  const src = tensorOf(ReduceOp.srcs(op)[0]!);
  if (!src) return 0;
  const axis = ReduceOp.axis(op).num;
  const warps = getWarpsPerCTA(src.encoding!, src.shape)[axis]!;
  if (warps === 1) return 0;
  const shape = getShapePerCTA(src.encoding!, src.shape);
  shape[axis] = warps;
  const bytesPerElem = op.operandValues.reduce((acc, v) => acc + Math.ceil(elemBitWidth((v.type as RankedTensorType).elementType) / 8), 0);
  return bytesPerElem * product(shape);
}

/** Scratch bytes of a `tt.scan` (Triton's ScanLoweringHelper::getScratchSizeInBytes). */
export function scanScratchBytes(op: Operation): number {
  const src = tensorOf(ScanOp.srcs(op)[0]!);
  if (!src || !(src.encoding instanceof BlockedEncodingAttr)) return 0;
  const axis = ScanOp.axis(op).num;
  const enc = src.encoding;
  const shape = src.shape;
  const warps = getWarpsPerCTA(enc, shape);
  if (warps[axis] === 1) return 0;
  const contig = getContigPerThread(enc, shape);
  const threads = getThreadsPerWarp(enc, shape);
  const nonAxisElemsPerThread = product(contig.map((c, i) => (i === axis ? 1 : c)));
  const nonAxisThreadsPerWarp = product(threads) / threads[axis]!;
  const numWarps = product(warps);
  const axisBlocks = Math.ceil(shape[axis]! / (contig[axis]! * threads[axis]! * warps[axis]!));
  let nonAxisBlocks = 1;
  for (let i = 0; i < shape.length; i++) if (i !== axis) nonAxisBlocks *= Math.ceil(shape[i]! / (contig[i]! * threads[i]! * warps[i]!));
  const elems = numWarps * nonAxisThreadsPerWarp * nonAxisElemsPerThread * axisBlocks * nonAxisBlocks;
  const elemBytes = op.operandValues.reduce((acc, v) => acc + Math.ceil(elemBitWidth((v.type as RankedTensorType).elementType) / 8), 0);
  return elemBytes * elems;
}

/** Whether a gather only moves data within warps (Triton's GatherLoweringHelper::isWarpLocal). */
export function gatherIsWarpLocal(op: Operation): boolean {
  const srcT = tensorOf(GatherOp.src(op));
  const idxT = tensorOf(GatherOp.indices(op));
  if (!srcT || !idxT) return false;
  const axis = GatherOp.axis(op).num;
  const src = toLinearLayout(srcT.shape, srcT.encoding!);
  const idx = toLinearLayout(idxT.shape, idxT.encoding!);
  const gdim = `dim${axis}`;
  if (!src.sublayoutIsZero([BLOCK, 'warp'], [gdim]) || !idx.sublayoutIsZero([BLOCK, 'warp'], [gdim])) return false;
  const others = src.getOutDimNames().filter((d) => d !== gdim);
  if (!src.sublayout([BLOCK, 'warp'], others).equals(idx.sublayout([BLOCK, 'warp'], others))) return false;
  return src.sublayout([LANE], others).equals(idx.sublayout([LANE], others));
}

function gatherScratchBytes(op: Operation): number {
  if (gatherIsWarpLocal(op)) return 0;
  const srcT = GatherOp.src(op).type as RankedTensorType;
  return product(srcT.shape) * Math.ceil(elemBitWidth(srcT.elementType) / 8);
}

function atomicScratchBytes(op: Operation, threadsPerWarp: number): number {
  const result = op.results[0];
  if (!result || result.useEmpty) return 0;
  let elems = 0;
  const t = result.type;
  if (t instanceof RankedTensorType && t.encoding) {
    const masks = toLinearLayout(t.shape, t.encoding).getFreeVariableMasks();
    if ([...masks.values()].some((m) => m !== 0)) elems = product(getShapePerCTA(t.encoding, t.shape));
  } else elems = 1;
  void threadsPerWarp;
  if (elems === 0) return 0;
  const ptrT = (AtomicRMWOp.is(op) ? AtomicRMWOp.ptr(op) : AtomicCASOp.ptr(op)).type;
  const el = ptrT instanceof RankedTensorType ? ptrT.elementType : ptrT;
  const pointee = el instanceof PointerType ? el.pointee : el;
  return (elems * Math.max(8, elemBitWidth(pointee))) / 8;
}

/** Triton's NVIDIA scratch size function (getNvidiaAllocationAnalysisScratchSizeFn). */
export function nvidiaScratchSizeFn(target: AllocationTarget, threadsPerWarp = 32): ScratchSizeFn {
  return (op) => {
    if (ConvertLayoutOp.is(op)) {
      const s = tensorOf(ConvertLayoutOp.src(op));
      const d = tensorOf(ConvertLayoutOp.result(op));
      return s && d ? cvtScratchBytes(s, d, target.computeCapability) : 0;
    }
    if (ReduceOp.is(op)) return reduceScratchBytes(op);
    if (ScanOp.is(op)) return scanScratchBytes(op);
    if (GatherOp.is(op)) return gatherScratchBytes(op);
    if (HistogramOp.is(op)) {
      const t = HistogramOp.result(op).type as RankedTensorType;
      return (Math.max(product(t.shape), threadsPerWarp) * elemBitWidth(t.elementType)) / 8;
    }
    if (AtomicRMWOp.is(op) || AtomicCASOp.is(op)) return atomicScratchBytes(op, threadsPerWarp);
    if (TensormapCreateOp.is(op)) return 128;
    return 0;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Liveness (MLIR's Liveness analysis, as much as the allocation needs)

interface BlockLiveness {
  inValues: Set<Value>;
  outValues: Set<Value>;
  defValues: Set<Value>;
  useValues: Set<Value>;
}

/** The block of `region`-owning op `ancestorBlock`'s region containing `b` (findAncestorBlockInRegion). */
function ancestorBlockIn(regionBlocks: Set<Block>, b: Block | undefined): Block | undefined {
  for (let cur: Block | undefined = b; cur; cur = cur.parentOp?.parent) if (regionBlocks.has(cur)) return cur;
  return undefined;
}

/** The op of `block` that is `op` or contains it (findAncestorOpInBlock). */
function ancestorOpIn(block: Block, op: Operation): Operation | undefined {
  for (let cur: Operation | undefined = op; cur; cur = cur.parentOp) if (cur.parent === block) return cur;
  return undefined;
}

export class Liveness {
  private readonly info = new Map<Block, BlockLiveness>();

  constructor(root: Operation) {
    const blocks: Block[] = [];
    const visit = (op: Operation): void => {
      for (const r of op.regions) {
        for (const b of r.blocks) {
          blocks.push(b);
          for (const o of b.ops) visit(o);
        }
      }
    };
    visit(root);
    const toProcess: Block[] = [];
    const inQueue = new Set<Block>();
    const push = (b: Block): void => {
      if (!inQueue.has(b)) {
        inQueue.add(b);
        toProcess.push(b);
      }
    };
    for (const b of blocks) {
      const li = this.build(b);
      this.info.set(b, li);
      if (this.updateIn(li)) for (const p of b.predecessors) push(p);
    }
    while (toProcess.length) {
      const b = toProcess.pop()!;
      inQueue.delete(b);
      const li = this.info.get(b)!;
      for (const s of b.successors) for (const v of this.info.get(s)?.inValues ?? []) li.outValues.add(v);
      if (this.updateIn(li)) for (const p of b.predecessors) push(p);
    }
  }

  private build(block: Block): BlockLiveness {
    const defValues = new Set<Value>();
    const useValues = new Set<Value>();
    const outValues = new Set<Value>();
    const regionBlocks = new Set(block.parent?.blocks ?? [block]);
    const gatherOut = (v: Value): void => {
      for (const u of v.uses) {
        const owner = ancestorBlockIn(regionBlocks, u.owner.parent);
        if (owner !== block) {
          outValues.add(v);
          break;
        }
      }
    };
    for (const a of block.args) {
      defValues.add(a);
      gatherOut(a);
    }
    for (const op of block.ops) {
      for (const r of op.results) {
        defValues.add(r);
        gatherOut(r);
      }
    }
    for (const top of block.ops) {
      top.walk((op) => {
        for (const r of op.results) defValues.add(r);
        for (const o of op.operandValues) useValues.add(o);
        for (const reg of op.regions) for (const b of reg.blocks) for (const a of b.args) defValues.add(a);
      });
    }
    for (const d of defValues) useValues.delete(d);
    return { inValues: new Set(), outValues, defValues, useValues };
  }

  private updateIn(li: BlockLiveness): boolean {
    const next = new Set(li.useValues);
    for (const v of li.outValues) if (!li.defValues.has(v)) next.add(v);
    if (next.size === li.inValues.size) return false;
    li.inValues = next;
    return true;
  }

  isLiveIn(b: Block, v: Value): boolean {
    return this.info.get(b)?.inValues.has(v) ?? false;
  }
  isLiveOut(b: Block, v: Value): boolean {
    return this.info.get(b)?.outValues.has(v) ?? false;
  }

  /** Every op during which `v` is live (MLIR's Liveness::resolveLiveness). */
  resolveLiveness(v: Value): Operation[] {
    const result: Operation[] = [];
    const visited = new Set<Block>();
    const toProcess: Block[] = [];
    const def = v.definingOp;
    const start = def ? def.parent! : (v as BlockArgument).owner;
    toProcess.push(start);
    visited.add(start);
    for (const u of v.uses) {
      const b = u.owner.parent;
      if (b && !visited.has(b)) {
        visited.add(b);
        toProcess.push(b);
      }
    }
    while (toProcess.length) {
      const block = toProcess.pop()!;
      if (block.ops.length === 0) continue;
      const startOp = this.isLiveIn(block, v) || !def ? block.ops[0]! : def;
      let endOp: Operation;
      if (this.isLiveOut(block, v)) endOp = block.ops[block.ops.length - 1]!;
      else {
        endOp = startOp;
        let endIdx = block.indexOf(startOp);
        for (const u of v.uses) {
          const a = ancestorOpIn(block, u.owner);
          if (!a) continue;
          const i = block.indexOf(a);
          if (i > endIdx) {
            endIdx = i;
            endOp = a;
          }
        }
      }
      let i = block.indexOf(startOp);
      for (;;) {
        const op = block.ops[i]!;
        result.push(op);
        if (op === endOp || i >= block.ops.length - 1) break;
        i++;
      }
      for (const s of block.successors) {
        if (this.isLiveIn(s, v) && !visited.has(s)) {
          visited.add(s);
          toProcess.push(s);
        }
      }
    }
    return result;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Alias analysis (SharedMemoryAliasAnalysis)

function isSharedMemDesc(t: Type): boolean {
  return t instanceof MemDescType && t.memorySpace instanceof SharedMemorySpaceAttr;
}

function isSharedLocalAlloc(op: Operation): boolean {
  return LocalAllocOp.is(op) && isSharedMemDesc(LocalAllocOp.result(op).type);
}

/** For every value, the local_alloc results it may alias. */
function computeAliases(func: Operation): Map<Value, Set<Value>> {
  const alias = new Map<Value, Set<Value>>();
  const get = (v: Value): Set<Value> => alias.get(v) ?? new Set();
  const add = (v: Value, s: Iterable<Value>): boolean => {
    let cur = alias.get(v);
    let changed = false;
    for (const x of s) {
      if (!cur) alias.set(v, (cur = new Set()));
      if (!cur.has(x)) {
        cur.add(x);
        changed = true;
      }
    }
    return changed;
  };
  let changed = true;
  let iter = 0;
  while (changed && iter++ < 100) {
    changed = false;
    func.walk((op) => {
      if (op === func) return;
      if (isSharedLocalAlloc(op)) {
        if (add(op.result(0), [op.result(0)])) changed = true;
      } else if (isMemDescView(op) && op.results.length && op.operands.length && isSharedMemDesc(op.result(0).type)) {
        if (add(op.result(0), get(memDescViewSource(op)))) changed = true;
      }
      // A warp_specialize's captures flow into the arguments of each partition.
      if (WarpSpecializePartitionsOp.is(op)) {
        op.operandValues.forEach((v, k) => {
          for (const r of op.regions) {
            const arg = r.blocks[0]?.args[k];
            if (arg && add(arg, get(v))) changed = true;
          }
        });
      }
      // Branch operands flow into successor block arguments.
      if (op.successors.length) {
        const groups = successorOperandGroups(op);
        op.successors.forEach((s, i) => {
          const vals = groups[i] ?? [];
          vals.forEach((v, k) => {
            const arg = s.args[k];
            if (arg && add(arg, get(v))) changed = true;
          });
        });
      }
    });
  }
  return alias;
}

/** The operands forwarded to each successor of a branch (cf.br, cf.cond_br, llvm.br, ...). */
function successorOperandGroups(op: Operation): Value[][] {
  if (CondBranchOp.is(op)) return [CondBranchOp.trueDestOperands(op), CondBranchOp.falseDestOperands(op)];
  if (CondBrOp.is(op)) return [CondBrOp.trueDestOperands(op), CondBrOp.falseDestOperands(op)];
  if (op.successors.length === 1) return [op.operandValues];
  return op.successors.map(() => []);
}

// ---------------------------------------------------------------------------------------------------------
// Allocation of one function

type BufferKind = 'explicit' | 'scratch' | 'virtual';

export class Buffer {
  offset = 0;
  constructor(
    readonly kind: BufferKind,
    readonly id: number,
    readonly owner: Operation,
    readonly size: number,
    readonly alignment: number,
  ) {}
  setOffsetAligned(o: number): number {
    this.offset = Math.ceil(o / this.alignment) * this.alignment;
    return this.offset;
  }
}

interface Interval {
  start: number;
  end: number;
}
const FULL: Interval = { start: 0, end: Number.MAX_SAFE_INTEGER };
const intersects = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** Bytes and alignment of a shared memory local_alloc. */
export function localAllocSizeAndAlignment(op: Operation): { bytes: number; alignment: number } {
  const t = op.result(0).type as MemDescType;
  // Triton divides by the dimension here and dies of SIGFPE; a located error is the useful answer.
  if (t.allocShape.some((d) => d <= 0)) {
    throw new DiagnosticError(opError(op, `cannot allocate a shared memory buffer with an empty dimension (shape ${t.allocShape.join('x')})`));
  }
  const enc = t.encoding;
  const split = enc ? safeSplit(enc, t.allocShape.length) : undefined;
  const perCTA = split ? t.allocShape.map((s, i) => s / Math.min(s, split[i - (t.allocShape.length - split.length)] ?? 1)) : [...t.allocShape];
  // padded: Triton's getPaddedSize (no padding after the last element; difftest conversions,
  // lit/passes/allocate-padded-shared.mlir)
  const elems = enc instanceof PaddedSharedEncodingAttr ? enc.paddedSize(perCTA) : product(perCTA);
  const bytes = Math.floor((elems * elemBitWidth(t.elementType)) / 8);
  const a = op.getAttr('alignment');
  let alignment = 16;
  if (a instanceof IntegerAttr) alignment = a.num;
  else if (enc instanceof SharedEncodingAttr) alignment = enc.getAlignment();
  return { bytes, alignment };
}

function safeSplit(enc: import('../dialect/ir/attribute.js').Attribute, rank: number): number[] | undefined {
  try {
    const s = getCTASplitNum(enc);
    return s.length <= rank ? s : undefined;
  } catch {
    return undefined;
  }
}


/** The nearest enclosing op with the AsyncRegions trait (MLIR's getParentWithTrait). */
function asyncRegionsParent(op: Operation): Operation | undefined {
  return op.getParentWhere((p) => p.hasTrait('AsyncRegions'));
}

/** Triton's test: both owners sit under the same async-regions op, in different (innermost) regions. */
function mayRunConcurrently(a: Operation, b: Operation): boolean {
  const wa = asyncRegionsParent(a);
  return wa !== undefined && wa === asyncRegionsParent(b) && a.parent?.parent !== b.parent?.parent;
}

export class FunctionAllocation {
  readonly buffers: Buffer[] = [];
  /** Explicit buffer of each local_alloc result. */
  readonly valueBuffer = new Map<Value, Buffer>();
  /** Alias buffers of every value (in first-seen order). */
  readonly aliasBuffer = new Map<Value, Buffer[]>();
  readonly opScratch = new Map<Operation, Buffer>();
  readonly opVirtual = new Map<Operation, Buffer>();
  sharedMemorySize = 0;
  private nextId = 0;
  private readonly bufferRange = new Map<Buffer, Interval>();

  constructor(
    readonly func: Operation,
    scratchSize: ScratchSizeFn,
    calleeSize: (call: Operation) => number,
  ) {
    this.getValuesAndSizes(scratchSize, calleeSize);
    this.resolveLiveness();
    this.computeOffsets();
  }

  private addBuffer(kind: BufferKind, owner: Operation, size: number, alignment: number): Buffer {
    const b = new Buffer(kind, this.nextId++, owner, size, alignment);
    this.buffers.push(b);
    return b;
  }

  private getValuesAndSizes(scratchSize: ScratchSizeFn, calleeSize: (call: Operation) => number): void {
    this.func.walk((op) => {
      if (isSharedLocalAlloc(op)) {
        const { bytes, alignment } = localAllocSizeAndAlignment(op);
        this.valueBuffer.set(op.result(0), this.addBuffer('explicit', op, bytes, alignment));
      }
      if (CallOp.is(op)) {
        const bytes = calleeSize(op);
        if (bytes > 0) this.opVirtual.set(op, this.addBuffer('virtual', op, bytes, 128));
        return;
      }
      if (op === this.func) {
        // Warp specialization's per-warp state bytes, owned by the function (live throughout, see resolveLiveness).
        const stateBytes = warpStateBytes(op);
        if (stateBytes > 0) this.opScratch.set(op, this.addBuffer('scratch', op, stateBytes, 4));
        return;
      }
      if (WarpSpecializeOp.is(op)) {
        const { size, alignment } = warpSpecializeCaptureSizeAlign(op);
        if (size > 0) this.opScratch.set(op, this.addBuffer('scratch', op, size, alignment));
        return;
      }
      const bytes = scratchSize(op);
      if (bytes > 0) this.opScratch.set(op, this.addBuffer('scratch', op, bytes, 128));
    });
    const aliases = computeAliases(this.func);
    const addAliases = (v: Value): void => {
      const set = aliases.get(v);
      if (!set || set.size === 0) return;
      for (const a of set) {
        const buf = this.valueBuffer.get(a);
        if (!buf) continue;
        let list = this.aliasBuffer.get(v);
        if (!list) this.aliasBuffer.set(v, (list = []));
        if (!list.includes(buf)) list.push(buf);
      }
    };
    this.func.walk((op) => {
      for (const o of op.operandValues) addAliases(o);
      for (const r of op.results) addAliases(r);
    });
  }

  private resolveLiveness(): void {
    const opId = new Map<Operation, number>();
    this.func.walkPostOrder((op) => opId.set(op, opId.size));
    const liveness = new Liveness(this.func);
    const range = (v: Value): Interval => {
      let min = Number.MAX_SAFE_INTEGER;
      let max = 0;
      for (const op of liveness.resolveLiveness(v)) {
        const id = opId.get(op)!;
        if (id < min) min = id;
        if (id + 1 > max) max = id + 1;
      }
      return { start: min, end: max };
    };
    for (const [v, buf] of this.valueBuffer) this.bufferRange.set(buf, range(v));
    for (const [v, bufs] of this.aliasBuffer) {
      const r = range(v);
      for (const b of bufs) {
        const cur = this.bufferRange.get(b);
        this.bufferRange.set(b, cur ? { start: Math.min(r.start, cur.start), end: Math.max(r.end, cur.end) } : r);
      }
    }
    for (const m of [this.opScratch, this.opVirtual]) {
      for (const [op, buf] of m) {
        if (this.bufferRange.has(buf)) continue;
        // A buffer of the function itself (warp specialization's state) is live for the whole function.
        if (op === this.func) this.bufferRange.set(buf, FULL);
        else this.bufferRange.set(buf, { start: opId.get(op)!, end: opId.get(op)! + 1 });
      }
    }
  }

  private computeOffsets(): void {
    const buffers = [...this.bufferRange.keys()];
    // Stable sort, largest first.
    const order = buffers.map((b, i) => [b, i] as const).sort((x, y) => y[0].size - x[0].size || x[1] - y[1]).map(([b]) => b);
    this.calculateStarts(order);
    let interference = this.buildInterference(order);
    do {
      this.allocate(order, interference);
      interference = this.buildInterference(order);
    } while (interference.size > 0);
  }

  private calculateStarts(buffers: Buffer[]): void {
    // std::multimap<offset, Interval>: ordered by offset, equal offsets in insertion order.
    const triples: [number, Interval][] = [[0, FULL]];
    const insert = (off: number, iv: Interval): void => {
      let i = triples.length;
      while (i > 0 && triples[i - 1]![0] > off) i--;
      triples.splice(i, 0, [off, iv]);
    };
    const xBuffers = [...buffers];
    while (xBuffers.length && triples.length) {
      const [offset, range] = triples.shift()!;
      const idx = xBuffers.findIndex((buf) => {
        const live = this.bufferRange.get(buf)!;
        if (!intersects(live, range)) return false;
        return triples.every(([, iv]) => !intersects(iv, live));
      });
      if (idx < 0) continue;
      const buf = xBuffers[idx]!;
      const x = this.bufferRange.get(buf)!;
      const alignOffset = buf.setOffsetAligned(offset);
      insert(alignOffset + buf.size, { start: Math.max(range.start, x.start), end: Math.min(range.end, x.end) });
      if (range.start < x.start) insert(offset, { start: range.start, end: x.end });
      if (x.end < range.end) insert(offset, { start: x.start, end: range.end });
      xBuffers.splice(idx, 1);
    }
  }

  /**
   * Buffers also interfere, whatever their live ranges, when their offsets overlap and they belong to different
   * regions of one op with async regions (the partitions of a `ttg.warp_specialize` run at the same time).
   */
  private buildInterference(buffers: Buffer[]): Map<Buffer, Set<Buffer>> {
    const g = new Map<Buffer, Set<Buffer>>();
    for (const x of buffers) {
      for (const y of buffers) {
        if (x === y) continue;
        const xr = this.bufferRange.get(x)!;
        const yr = this.bufferRange.get(y)!;
        const overlap = intersects({ start: x.offset, end: x.offset + x.size }, { start: y.offset, end: y.offset + y.size });
        if (overlap && (intersects(xr, yr) || mayRunConcurrently(x.owner, y.owner))) {
          let s = g.get(x);
          if (!s) g.set(x, (s = new Set()));
          s.add(y);
        }
      }
    }
    return g;
  }

  private allocate(buffers: Buffer[], interference: Map<Buffer, Set<Buffer>>): void {
    this.sharedMemorySize = 0;
    const colors = new Map<Buffer, number>();
    buffers.forEach((b, i) => colors.set(b, i === 0 ? 0 : -1));
    for (const x of buffers) {
      const available = new Array<boolean>(buffers.length).fill(true);
      for (const y of interference.get(x) ?? []) {
        const c = colors.get(y)!;
        if (c >= 0) available[c] = false;
      }
      const c = available.indexOf(true);
      colors.set(x, c < 0 ? buffers.length : c);
    }
    for (const x of buffers) {
      let newOffset = 0;
      for (const y of interference.get(x) ?? []) newOffset = Math.max(newOffset, y.offset + y.size);
      if (colors.get(x) !== 0) x.setOffsetAligned(newOffset);
      this.sharedMemorySize = Math.max(this.sharedMemorySize, x.offset + x.size);
    }
  }

  /** The scratch/virtual buffer of an op. */
  opBuffer(op: Operation): Buffer | undefined {
    return this.opScratch.get(op) ?? this.opVirtual.get(op);
  }
  /** The explicit buffer of a value. */
  valueBufferOf(v: Value): Buffer | undefined {
    return this.valueBuffer.get(v);
  }
  /** Every buffer a value may use (explicit and aliases). */
  bufferIdsOf(v: Value): Buffer[] {
    const out: Buffer[] = [];
    const b = this.valueBuffer.get(v);
    if (b) out.push(b);
    for (const a of this.aliasBuffer.get(v) ?? []) if (!out.includes(a)) out.push(a);
    return out;
  }
  /** Buffer live range (post-order op ids). */
  rangeOf(b: Buffer): Interval | undefined {
    return this.bufferRange.get(b);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Module allocation

function isFunc(op: Operation): boolean {
  // FunctionOpInterface: tt.func and llvm.func (the func dialect is not registered).
  return op.hasTrait('FunctionOpInterface');
}
function symName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name');
  return a instanceof StringAttr ? a.value : undefined;
}

export class ModuleAllocation {
  readonly funcs = new Map<Operation, FunctionAllocation>();
  readonly roots: Operation[] = [];

  constructor(
    readonly module: Operation,
    scratchSize: ScratchSizeFn,
  ) {
    // Every function of the module, nested modules included (Triton's CallGraph walks the whole module).
    const funcs: Operation[] = [];
    module.walk((op) => {
      if (op === module || !isFunc(op)) return undefined;
      funcs.push(op);
      return 'skip';
    });
    const byName = new Map<string, Operation>();
    for (const f of funcs) {
      const n = symName(f);
      if (n) byName.set(n, f);
    }
    const calleeOf = (call: Operation): Operation | undefined => {
      const c = call.getAttr('callee');
      return c instanceof SymbolRefAttr ? byName.get(c.root) : undefined;
    };
    const called = new Set<Operation>();
    const callees = new Map<Operation, Operation[]>();
    for (const f of funcs) {
      const list: Operation[] = [];
      f.walk((op) => {
        if (CallOp.is(op)) {
          const g = calleeOf(op);
          if (g) {
            list.push(g);
            called.add(g);
          }
        }
      });
      callees.set(f, list);
    }
    for (const f of funcs) if (!called.has(f)) this.roots.push(f);
    const visit = (f: Operation, stack: Set<Operation>): void => {
      if (this.funcs.has(f) || stack.has(f)) return;
      stack.add(f);
      for (const g of callees.get(f) ?? []) visit(g, stack);
      stack.delete(f);
      this.funcs.set(
        f,
        new FunctionAllocation(f, scratchSize, (call) => {
          const g = calleeOf(call);
          return g ? (this.funcs.get(g)?.sharedMemorySize ?? 0) : 0;
        }),
      );
    };
    for (const f of this.roots) visit(f, new Set());
    for (const f of funcs) visit(f, new Set());
  }

  /** The module's shared memory: the largest over the root functions. */
  get sharedMemorySize(): number {
    let s = 0;
    for (const f of this.roots) s = Math.max(s, this.funcs.get(f)?.sharedMemorySize ?? 0);
    return s;
  }

  funcOf(op: Operation): FunctionAllocation | undefined {
    for (let p: Operation | undefined = op; p; p = p.parentOp) {
      const fa = this.funcs.get(p);
      if (fa) return fa;
    }
    return undefined;
  }
}

/** Writes `allocation.offset` on ops and `ttg.shared` on the module (attachAllocationSizeAndOffsetAttr). */
export function attachAllocationAttrs(module: Operation, alloc: ModuleAllocation): void {
  const i32 = IntegerType.get(32);
  for (const [func, fa] of alloc.funcs) {
    func.walk((op) => {
      let offset = -1;
      const ob = fa.opBuffer(op);
      if (ob) offset = ob.offset;
      else if (op.results.length === 1) {
        const vb = fa.valueBufferOf(op.result(0));
        if (vb) offset = vb.offset;
      }
      if (offset >= 0) op.setAttr('allocation.offset', IntegerAttr.get(i32, offset));
    });
  }
  module.setAttr('ttg.shared', IntegerAttr.get(i32, alloc.sharedMemorySize));
}
