/**
 * End-to-end checks of the data movement lowerings on the simulator: a TTGIR function is lowered
 * (allocate-shared-memory-nv + convert-triton-gpu-to-llvm), run on one simulated CTA with every source register
 * holding a tag of its tensor element, and every result register is compared with the element its layout says.
 */
import '../../dialect/index.js';
import '../../tools/passes.js';
import type { Operation } from '../../dialect/ir/ir.js';
import { StringAttr, IntegerAttr } from '../../dialect/ir/attribute.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../../dialect/ir/type.js';
import type { TypeAttr } from '../../dialect/ir/attribute.js';
import type { LinearLayout } from '../../dialect/linear-layout/linear-layout.js';
import { LLVMFunctionType, LLVMStructType } from '../../dialect/llvm/types.js';
import { toLinearLayout } from '../../dialect/ttg/to-linear-layout.js';
import { Parser } from '../../parser/parser.js';
import { allocateSharedMemory } from '../../transforms/allocate-shared-memory.js';
import { minimalCvtLayout } from '../../dialect/ttg/utils/layout-utils.js';
import { cvtNeedsWarpShuffle } from '../../analysis/allocation.js';
import { convertTritonGPUToLLVM } from '../../lowering/index.js';
import { cvtStats, type CvtMethod } from '../../lowering/convert-layout.js';
import { columns, xorCols } from '../../lowering/swizzle.js';
import { Simulator, type RV, type SimStats } from './sim.js';

export const ELEMENT_TYPES: Record<number, string[]> = {
  1: ['i1'],
  8: ['i8', 'f8E4M3FN'],
  16: ['f16', 'bf16', 'i16'],
  32: ['f32', 'i32'],
  64: ['i64', 'f64', '!tt.ptr<f32>'],
};

export function elemWidth(el: string): number {
  if (el.startsWith('!tt.ptr')) return 64;
  if (el === 'i1') return 1;
  const m = /(\d+)/.exec(el.replace('f8E4M3FN', 'i8'));
  return m ? Number(m[1]) : 32;
}

/** Flattened coordinate (dim0 minor, as LinearLayout.flattenOuts) of every register of every thread. */
export function elementIndices(ll: LinearLayout, nThreads: number): number[][] {
  const regs = columns(ll, 'register');
  const lanes = columns(ll, 'lane');
  const warps = columns(ll, 'warp');
  const nReg = 2 ** regs.length;
  const regOff: number[] = [];
  for (let r = 0; r < nReg; r++) regOff.push(xorCols(regs, r));
  const out: number[][] = [];
  for (let t = 0; t < nThreads; t++) {
    const base = xorCols(lanes, t % 32) ^ xorCols(warps, Math.floor(t / 32));
    out.push(regOff.map((o) => o ^ base));
  }
  return out;
}

/** A pair Triton's layout algebra cannot convert (dst.invertAndCompose(src) fails). */
export class NotConvertible extends Error {}

export interface CvtCase {
  shape: number[];
  elem: string;
  src: string;
  dst: string;
  numWarps: number;
  cc: number;
}

export interface CvtResult {
  method: CvtMethod;
  /** The minimal conversion moves data across lanes but not warps/blocks. */
  intraWarp: boolean;
  /** The minimal conversion has a lane dim (data moves between lanes). */
  crossLane: boolean;
  /** Triton 3.6 lowers it with warp shuffles (cvtNeedsWarpShuffle). */
  tritonShuffles: boolean;
  stats: SimStats;
  mismatches: number;
  firstMismatch?: string;
}

export function cvtModuleText(c: CvtCase): string {
  const t = (enc: string): string => `tensor<${c.shape.join('x')}x${c.elem}, ${enc}>`;
  return `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = ${c.numWarps} : i32, ttg.target = "cuda:${c.cc}", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @cvt(%arg0: ${t(c.src)}) -> ${t(c.dst)} {
    %0 = ttg.convert_layout %arg0 : ${t(c.src)} -> ${t(c.dst)}
    tt.return %0 : ${t(c.dst)}
  }
}
`;
}

export function parseModule(text: string): Operation {
  return new Parser(text, { filename: 'sim.mlir' }).parseModule();
}

/** Allocates shared memory and lowers a module; returns its `ttg.shared` size. */
export function lowerModule(module: Operation, cc: number): { module: Operation; shared: number } {
  allocateSharedMemory(module, cc, cc >= 90 ? 83 : 80);
  const shared = (module.getAttr('ttg.shared') as IntegerAttr | undefined)?.num ?? 0;
  const errors = convertTritonGPUToLLVM(module, { computeCapability: cc, ptxVersion: cc >= 90 ? 83 : 80 });
  if (errors.length) throw new Error(`lowering failed: ${errors.map((e) => e.message).join('; ')}`);
  return { module, shared };
}

export function findFunc(module: Operation, name: string): Operation {
  let f: Operation | undefined;
  for (const op of module.region(0).blocks[0]!.ops) {
    if (op.name === 'llvm.func' && (op.getAttr('sym_name') as StringAttr).value === name) f = op;
  }
  if (!f) throw new Error(`no llvm.func @${name}`);
  return f;
}

function tagsFor(width: number, nElems: number): number {
  const bits = Math.max(1, 32 - Math.clz32(Math.max(1, nElems - 1)));
  return width >= bits ? 1 : Math.ceil(bits / width);
}

export interface IdentityResult {
  stats: SimStats;
  mismatches: number;
  firstMismatch?: string;
}

/**
 * Lowers a module whose function `fn` takes one tensor and returns one tensor holding the same elements (in
 * another layout), runs it on the simulator with every source register holding a tag of its element (several
 * trials of `width`-bit slices of the element index when the tags do not fit), and compares every result
 * register with the element its layout says.
 */
export function simulateIdentity(parsed: Operation, fn: string, numWarps: number, cc: number): IdentityResult {
  let srcTy: RankedTensorType | undefined;
  let dstTy: RankedTensorType | undefined;
  parsed.walk((op) => {
    if (op.name === 'tt.func' && (op.getAttr('sym_name') as StringAttr).value === fn) {
      srcTy = op.region(0).blocks[0]!.args[0]!.type as RankedTensorType;
    }
    if (op.name === 'tt.return' && op.parentOp && (op.parentOp.getAttr('sym_name') as StringAttr).value === fn) dstTy = op.operand(0).type as RankedTensorType;
  });
  if (!srcTy || !dstTy) throw new Error(`no function @${fn}(tensor) -> tensor`);
  const shape = [...srcTy.shape];
  const srcLL = toLinearLayout(shape, srcTy.encoding!);
  const dstLL = toLinearLayout(shape, dstTy.encoding!);
  const elemName = srcTy.elementType;
  const { module, shared } = lowerModule(parsed, cc);
  const func = findFunc(module, fn);
  const n = numWarps * 32;
  const srcIdx = elementIndices(srcLL, n);
  const dstIdx = elementIndices(dstLL, n);
  const nElems = shape.reduce((a, b) => a * b, 1);
  const width = elemTypeWidth(elemName);
  const trials = tagsFor(width, nElems);
  const ft = (func.getAttr('function_type') as TypeAttr).value as LLVMFunctionType;
  const argTypes: readonly Type[] = ft.params;
  let mismatches = 0;
  let firstMismatch: string | undefined;
  let stats: SimStats | undefined;
  for (let trial = 0; trial < trials; trial++) {
    const tag = (x: number): bigint => {
      if (trials === 1) return BigInt(x);
      return BigInt((x >>> (trial * width)) & ((1 << width) - 1));
    };
    const sim = new Simulator({ numWarps, sharedBytes: shared });
    const arg0 = argTypes[0]!;
    const args: RV[] = [
      arg0 instanceof LLVMStructType ? sim.make(arg0, (t, path) => tag(srcIdx[t]![path[0]!]!)) : sim.make(arg0, (t) => tag(srcIdx[t]![0]!)),
      ...argTypes.slice(1).map((ty) => sim.make(ty, () => 0)),
    ];
    const res = sim.run(func, args);
    if (!res) throw new Error('no result');
    stats = sim.stats;
    const parts = res.k === 'a' ? res.parts : [res];
    for (let t = 0; t < n; t++) {
      for (let r = 0; r < parts.length; r++) {
        const p = parts[r]!;
        const got = p.k === 's' ? BigInt(p.a[t]!) : p.k === 'w' ? p.a[t]! : -1n;
        const want = tag(dstIdx[t]![r]!);
        if (got !== want) {
          mismatches++;
          firstMismatch ??= `trial ${trial} thread ${t} register ${r}: got ${got}, want ${want} (element ${dstIdx[t]![r]})`;
        }
      }
    }
    if (mismatches) break;
  }
  return { stats: stats!, mismatches, ...(firstMismatch ? { firstMismatch } : {}) };
}

/** Bit width of a tensor element type as the simulator's tags see it (pointers 64). */
function elemTypeWidth(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}

/** Lowers and simulates one conversion; checks every destination register. */
export function runCvtCase(c: CvtCase): CvtResult {
  const parsed = parseModule(cvtModuleText(c));
  let srcTy: RankedTensorType | undefined;
  let dstTy: RankedTensorType | undefined;
  parsed.walk((op) => {
    if (op.name === 'ttg.convert_layout') {
      srcTy = op.operand(0).type as RankedTensorType;
      dstTy = op.result(0).type as RankedTensorType;
    }
  });
  const comp = minimalCvtLayout(srcTy!, dstTy!);
  if (!comp) throw new NotConvertible('the linear layout algebra cannot relate the layouts (invertAndCompose fails)');
  const dims = comp.getInDimNames();
  const before = { ...cvtStats };
  const r = simulateIdentity(parsed, 'cvt', c.numWarps, c.cc);
  const method = (Object.keys(cvtStats) as CvtMethod[]).find((k) => cvtStats[k] !== before[k]) ?? 'identity';
  return {
    method,
    intraWarp: !dims.includes('warp') && !dims.includes('block'),
    crossLane: dims.includes('lane'),
    tritonShuffles: cvtNeedsWarpShuffle(srcTy!, dstTy!),
    ...r,
  };
}
