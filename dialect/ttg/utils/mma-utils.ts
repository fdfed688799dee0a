/**
 * Helpers of the tensor-core passes (accelerate-matmul, optimize-dot-operands, reduce-data-duplication), as
 * Triton 3.6 computes them:
 *
 * - MLIR's slice analyses with their exact visiting orders: `getBackwardSlice` (operands first, post-order),
 *   `getForwardSlice` (users and nested ops, reverse post-order), `getSlice` (both, to a fixed point, then
 *   topologically sorted with MLIR's stable ready-first swap).
 * - The target: `computeCapabilityOf` (`ttg.target = "cuda:NN"`).
 * - MMA selection: `supportMMA` (operand/result types and shapes per MMA version), `mmaVersionToInstrShape`
 *   (v3: the largest N dividing the tile that the warps along N still fill), `comesFromLoadOrBlockArg`.
 * - Encoding builders: the dot-operand kWidth for an element width, `nvmmaSharedForShape` (swizzle width from
 *   the contiguous bytes, no swizzle below 8 outer rows), `swizzledSharedForDotOperand` (vec/perPhase/maxPhase
 *   covering the 32 banks for an mma operand), `inferSharedTransEncoding` (memdesc_trans of shared layouts).
 * - `cvtNeedsSharedMemory` with the mma-v3 → dot-operand shortcut of fp8 (`matchMmaV3AndDotOperandLayout`).
 */
import type { Attribute } from '../../ir/attribute.js';
import type { Operation, Value } from '../../ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../../ir/type.js';
import { isMemoryEffectFree } from '../../ir/traits.js';
import {
  AMDMfmaEncodingAttr,
  DotOperandEncodingAttr,
  NVMMASharedEncodingAttr,
  NvidiaMmaEncodingAttr,
  SwizzledSharedEncodingAttr,
  type Bases,
} from '../attrs/index.js';
import { getShapePerCTA } from '../layout-queries.js';
import { MemDescType } from '../types.js';
import { shapePerCTAFromCGA, inversePermutation, applyPermutation } from './layout.js';
import { lookupNumWarps, topLevelOp, lookupTarget, ATTR_TARGET } from '../context.js';
import { DiagnosticError, opError } from '../../ir/diagnostics.js';

// ---- types ------------------------------------------------------------------------------------------

/** The element type of a tensor or memdesc type (the type itself for scalars). */
export function elementTypeOf(t: Type): Type {
  if (t instanceof RankedTensorType || t instanceof MemDescType) return t.elementType;
  return t;
}

/** getIntOrFloatBitWidth (0 for other types). */
export function bitWidthOf(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 0;
}

export function isFloatKind(t: Type, ...kinds: string[]): boolean {
  return t instanceof FloatType && kinds.includes(t.kind);
}

/** Triton's type::isFloat8. */
export function isFloat8(t: Type): boolean {
  return t instanceof FloatType && t.kind.startsWith('f8');
}

export const isF16 = (t: Type): boolean => isFloatKind(t, 'f16');
export const isBF16 = (t: Type): boolean => isFloatKind(t, 'bf16');
export const isF32 = (t: Type): boolean => isFloatKind(t, 'f32');
export const isF64 = (t: Type): boolean => isFloatKind(t, 'f64');
export const isInt = (t: Type, width?: number): boolean => t instanceof IntegerType && (width === undefined || t.width === width);

export function tensorOf(v: Value): RankedTensorType {
  const t = v.type;
  if (!(t instanceof RankedTensorType)) throw new Error(`expected a ranked tensor, got ${t.key}`);
  return t;
}

// ---- target -------------------------------------------------------------------------------------------

/** Triton's getNVIDIAComputeCapability: the number after `cuda:` in the module's `ttg.target`. */
export function computeCapabilityOf(op: Operation): number | undefined {
  const t = lookupTarget(topLevelOp(op));
  if (!t || !t.startsWith('cuda:')) return undefined;
  const n = Number(t.slice(5));
  return Number.isInteger(n) ? n : undefined;
}

/**
 * computeCapabilityOf for passes that cannot go on without it: Triton asserts on a missing or malformed target;
 * here the module gets an op error with the assertion's text.
 */
export function requireComputeCapability(op: Operation): number {
  const module = topLevelOp(op);
  const t = lookupTarget(module);
  const fail = (message: string): never => {
    throw new DiagnosticError(opError(module, message));
  };
  if (t === undefined) fail(`expected a target attribute '${ATTR_TARGET}' on the module operation`);
  if (!t!.startsWith('cuda:')) fail(`expected target attribute '${ATTR_TARGET}' to be prefixed with "cuda:", got "${t}"`);
  const cc = computeCapabilityOf(module);
  if (cc === undefined || cc < 0) fail(`invalid compute capability string in target attribute '${ATTR_TARGET}': "${t}"`);
  return cc!;
}

// ---- slices -------------------------------------------------------------------------------------------

export type SliceFilter = (op: Operation) => boolean;

export interface BackwardSliceOptions {
  filter?: SliceFilter;
  omitBlockArguments?: boolean;
  /** Keep the root op (getBackwardSlice(Operation*) drops it otherwise). */
  inclusive?: boolean;
}

function backwardImpl(op: Operation, slice: Set<Operation>, opts: BackwardSliceOptions): void {
  if (op.hasTrait('IsolatedFromAbove')) return;
  if (opts.filter && !opts.filter(op)) return;
  for (const v of op.operandValues) {
    const def = v.definingOp;
    if (def) {
      if (!slice.has(def)) backwardImpl(def, slice, opts);
      continue;
    }
    if (opts.omitBlockArguments) continue;
    const parent = v.parentBlock?.parentOp;
    if (parent && !slice.has(parent) && parent.regions.length === 1 && parent.regions[0]!.blocks.length === 1) {
      backwardImpl(parent, slice, opts);
    }
  }
  slice.add(op);
}

/** MLIR's getBackwardSlice(Operation*): the transitive producers of `op`'s operands, defs first. */
export function getBackwardSliceOfOp(op: Operation, opts: BackwardSliceOptions = {}): Operation[] {
  const slice = new Set<Operation>();
  backwardImpl(op, slice, opts);
  if (!opts.inclusive) slice.delete(op);
  return [...slice];
}

/** MLIR's getBackwardSlice(Value): the value's defining op (when it passes the filter) and its producers. */
export function getBackwardSliceOfValue(v: Value, opts: BackwardSliceOptions = {}): Operation[] {
  const def = v.definingOp;
  if (def) {
    if (opts.filter && !opts.filter(def)) return [];
    const slice = new Set<Operation>();
    backwardImpl(def, slice, opts);
    return [...slice];
  }
  const owner = v.parentBlock?.parentOp;
  return owner ? getBackwardSliceOfOp(owner, opts) : [];
}

function forwardImpl(op: Operation, slice: Set<Operation>, filter: SliceFilter | undefined): void {
  if (filter && !filter(op)) return;
  for (const r of op.regions) for (const b of r.blocks) for (const o of b.ops) if (!slice.has(o)) forwardImpl(o, slice, filter);
  for (const res of op.results) for (const u of res.uses) if (!slice.has(u.owner)) forwardImpl(u.owner, slice, filter);
  slice.add(op);
}

/** MLIR's getForwardSlice(Operation*): transitive users (and nested ops), in topological order. */
export function getForwardSliceOfOp(op: Operation, filter?: SliceFilter, inclusive = false): Operation[] {
  const slice = new Set<Operation>();
  forwardImpl(op, slice, filter);
  if (!inclusive) slice.delete(op);
  return [...slice].reverse();
}

/** MLIR's getForwardSlice(Value). */
export function getForwardSliceOfValue(v: Value, filter?: SliceFilter): Operation[] {
  const slice = new Set<Operation>();
  for (const u of v.uses) if (!slice.has(u.owner)) forwardImpl(u.owner, slice, filter);
  return [...slice].reverse();
}

/**
 * MLIR's topologicalSort(SetVector<Operation*>): the ops in IR order (a pre-order walk of their common ancestor
 * region, blocks in order), which respects def-use order in SSA form.
 */
export function topologicalSort(ops: readonly Operation[]): Operation[] {
  if (ops.length <= 1) return [...ops];
  const set = new Set(ops);
  const out: Operation[] = [];
  topLevelOp(ops[0]!).walk((o) => {
    if (set.has(o)) out.push(o);
  });
  return out;
}

/** MLIR's getSlice: the backward and forward slices of `op`, grown to a fixed point, topologically sorted. */
export function getSlice(op: Operation, backwardFilter?: SliceFilter, forwardFilter?: SliceFilter): Operation[] {
  const slice: Operation[] = [op];
  const seen = new Set<Operation>(slice);
  const add = (o: Operation): void => {
    if (!seen.has(o)) {
      seen.add(o);
      slice.push(o);
    }
  };
  for (let i = 0; i < slice.length; i++) {
    const cur = slice[i]!;
    for (const o of getBackwardSliceOfOp(cur, { filter: backwardFilter })) add(o);
    for (const o of getForwardSliceOfOp(cur, forwardFilter)) add(o);
  }
  return topologicalSort(slice);
}

// ---- MMA support ------------------------------------------------------------------------------------

function isNvFp8(t: Type): boolean {
  return isFloatKind(t, 'f8E5M2', 'f8E4M3FN');
}

/** supportMMA(Value, version): the operand element type has an MMA form (fp8 can always be promoted). */
export function supportMMAType(elemTy: Type, version: number): boolean {
  const fp8 = isFloatKind(elemTy, 'f8E5M2', 'f8E4M3FN', 'f8E5M2FNUZ', 'f8E4M3FNUZ');
  return fp8 || isF16(elemTy) || isBF16(elemTy) || ((isF32(elemTy) || isF64(elemTy)) && version >= 2) || (isInt(elemTy, 8) && version >= 2);
}

export const INPUT_PRECISION_TF32 = 0;

/** The `inputPrecision` of a dot (IEEE = 2 when absent). */
export function inputPrecisionOf(dot: Operation): number {
  const a = dot.getAttr('inputPrecision') as { value?: bigint } | undefined;
  return a?.value !== undefined ? Number(a.value) : 2;
}

export function maxNumImpreciseAccOf(dot: Operation): number {
  const a = dot.getAttr('maxNumImpreciseAcc') as { value?: bigint } | undefined;
  return a?.value !== undefined ? Number(a.value) : 0;
}

/** supportMMA(DotOp, version): whether MMA `version` (2, 3 or 5) can compute the dot. */
export function supportMMA(dot: Operation, version: number): boolean {
  const aTy = tensorOf(dot.operand(0));
  const bTy = tensorOf(dot.operand(1));
  const retTy = tensorOf(dot.result(0));
  const aElem = aTy.elementType;
  const bElem = bTy.elementType;
  if (version === 5) {
    const perCTA = getShapePerCTA(retTy.encoding!, retTy.shape);
    const rank = perCTA.length;
    const numWarps = lookupNumWarps(dot);
    if (isInt(aElem) || isInt(bElem) || isInt(retTy.elementType)) return false;
    if (retTy.rank !== 2) return false;
    if (numWarps !== 4 && numWarps !== 8) return false;
    return perCTA[rank - 2]! % 64 === 0 && perCTA[rank - 1]! % 8 === 0;
  }
  if (version === 3) {
    const k = aTy.shape[aTy.rank - 1]!;
    if (k < 256 / bitWidthOf(aElem)) return false;
    const perCTA = getShapePerCTA(retTy.encoding!, retTy.shape);
    const rank = perCTA.length;
    const numWarps = lookupNumWarps(dot);
    if (rank === 3) return false;
    const okType = isNvFp8(aElem) || isInt(aElem, 8) || isF16(aElem) || isBF16(aElem) || isF32(aElem);
    if (!(numWarps % 4 === 0 && perCTA[rank - 2]! % 64 === 0 && perCTA[rank - 1]! % 8 === 0 && okType)) return false;
    if (maxNumImpreciseAccOf(dot) < 32 && isNvFp8(aElem) && isF32(retTy.elementType)) return false;
  }
  if (isF32(aElem) && isF32(bElem)) return inputPrecisionOf(dot) === INPUT_PRECISION_TF32 && version >= 2;
  return supportMMAType(aElem, version) && supportMMAType(bElem, version);
}

/** mmaVersionToInstrShape: the instruction tile [m, n] (v2), [1, m, n] (batched v2) or [m, n, k] (v3, v5). */
export function mmaVersionToInstrShape(version: number, shape: readonly number[], eltType: Type, numWarps: number): number[] {
  if (version === 1) return [16, 16];
  if (version === 2) {
    const rank = shape.length;
    const ret = new Array<number>(rank).fill(1);
    ret[rank - 1] = 8;
    ret[rank - 2] = 16;
    return ret;
  }
  const k = Math.trunc(256 / bitWidthOf(eltType));
  if (version === 3) {
    if (shape[0]! % 64 !== 0 || shape[1]! % 8 !== 0) return [0, 0, 0];
    let validN: number[] = [];
    if (isFloatKind(eltType, 'f8E5M2', 'f8E4M3FN', 'f8E4M3FNUZ') || isF16(eltType) || isBF16(eltType) || isF32(eltType)) {
      validN = [];
      for (let n = 256; n >= 8; n -= 8) validN.push(n);
    }
    if (isInt(eltType, 8)) validN = [224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 24, 16, 8];
    const m = 16;
    const mWarps = Math.max(Math.trunc(shape[0]! / m), 1);
    const nWarps = Math.max(Math.trunc(numWarps / mWarps), 1);
    const maxN = Math.max(Math.trunc(shape[1]! / nWarps), 8);
    for (const n of validN) if (shape[1]! % n === 0 && n <= maxN) return [m, n, k];
    return [0, 0, 0];
  }
  if (version === 5) {
    const m = shape[0]! >= 128 ? 128 : 64;
    const n = Math.min(shape[1]!, 256);
    return [m, n, k];
  }
  return [0, 0];
}

/**
 * comesFromLoadOrBlockArg: `v`, looking through convert_layouts and memdesc views, is a block argument or the
 * result of a load (tt.load, tt.descriptor_load, tt.descriptor_gather).
 */
export function comesFromLoadOrBlockArg(v: Value): boolean {
  let cur = v;
  for (;;) {
    const def = cur.definingOp;
    if (!def) break;
    if (def.name === 'ttg.convert_layout' || def.hasTrait('MemDescViewTrait')) {
      cur = def.operand(0);
      continue;
    }
    break;
  }
  const def = cur.definingOp;
  if (!def) return true;
  return def.name === 'tt.load' || def.name === 'tt.descriptor_load' || def.name === 'tt.descriptor_gather';
}

/** isPureUnaryInlineAsm: a pure `tt.elementwise_inline_asm` with one operand and one result. */
export function isPureUnaryInlineAsm(op: Operation): boolean {
  if (op.name !== 'tt.elementwise_inline_asm') return false;
  const pure = op.getAttr('pure') as { value?: bigint } | undefined;
  return op.operands.length === 1 && op.results.length === 1 && pure?.value !== undefined && pure.value !== 0n;
}

/** Triton's isView: ops that only reshape a tensor. */
export function isViewOp(op: Operation): boolean {
  return ['tt.expand_dims', 'tt.reshape', 'tt.trans', 'tt.join', 'tt.split'].includes(op.name);
}

export function isElementwisePure(op: Operation): boolean {
  return op.hasTrait('Elementwise') && isMemoryEffectFree(op);
}

// ---- encodings ----------------------------------------------------------------------------------------

/** DotOperandEncodingAttr::get(opIdx, parent, eltTy): kWidth = 32 / bitwidth (at least 1) for Ampere/Hopper MMA parents. */
export function dotOperandEncoding(opIdx: number, parent: Attribute, bitWidth: number): DotOperandEncodingAttr {
  if (!(parent instanceof NvidiaMmaEncodingAttr) || (!parent.isAmpere() && !parent.isHopper())) return DotOperandEncodingAttr.get(opIdx, parent, 0);
  return DotOperandEncodingAttr.get(opIdx, parent, Math.max(Math.trunc(32 / bitWidth), 1));
}

/**
 * NVMMASharedEncodingAttr::get(shape, order, CGALayout, eltTy, fp4Padded): the swizzle is the largest of 128/64/32
 * bytes that the contiguous dim (`order[0]`, per CTA) is a multiple of, none when the other dims hold fewer than
 * 8 rows or the tensor is 1-D; `transposed` when dim 0 is the contiguous one.
 */
export function nvmmaSharedForShape(
  shape: readonly number[],
  order: readonly number[],
  cga: Bases,
  eltBitWidth: number,
  fp4Padded = false,
): NVMMASharedEncodingAttr {
  const perCTA = shapePerCTAFromCGA(cga, shape);
  const packing = fp4Padded ? 2 : 1;
  const contigBytes = Math.trunc((perCTA[order[0]!]! * packing * eltBitWidth) / 8);
  let swizzle = 0;
  if (contigBytes >= 128 && contigBytes % 128 === 0) swizzle = 128;
  else if (contigBytes >= 64 && contigBytes % 64 === 0) swizzle = 64;
  else if (contigBytes >= 32 && contigBytes % 32 === 0) swizzle = 32;
  let outer = 1;
  for (let i = 1; i < perCTA.length; i++) outer *= perCTA[order[i]!]!;
  if (perCTA.length < 2 || outer < 8) swizzle = 0;
  const transposed = order.length > 1 && order[0] === 0;
  return NVMMASharedEncodingAttr.get({
    swizzlingByteWidth: swizzle,
    transposed,
    elementBitWidth: eltBitWidth,
    fp4Padded,
    cgaLayout: cga,
    rank: shape.length,
  });
}

/**
 * SwizzledSharedEncodingAttr::get(dotOpEnc, shape, order, CGALayout, bitwidth, needTrans) for NVIDIA MMA parents:
 * `perPhase` packs rows so that a phase covers the 1024-bit bank line, `vec` is 4·kWidth along K (the mma row
 * stride of 8 otherwise), `maxPhase` the vectors needed to cover the banks; non-MMA parents get no swizzling.
 */
export function swizzledSharedForDotOperand(
  dotOpEnc: DotOperandEncodingAttr,
  shape: readonly number[],
  order: readonly number[],
  cga: Bases,
  bitwidth: number,
  needTrans = false,
): SwizzledSharedEncodingAttr | undefined {
  const parent = dotOpEnc.parent;
  if (parent instanceof AMDMfmaEncodingAttr) return undefined;
  if (!(parent instanceof NvidiaMmaEncodingAttr)) return SwizzledSharedEncodingAttr.get({ vec: 1, perPhase: 1, maxPhase: 1, order, cgaLayout: cga });
  if (!parent.isAmpere() && !parent.isHopper()) return undefined;
  const K = shapePerCTAFromCGA(cga, shape)[order[0]!]!;
  const perPhase = Math.max(Math.trunc(1024 / (bitwidth * K)), 1);
  let mmaStride = 8;
  let vec = 4 * dotOpEnc.kWidth;
  if (needTrans) [vec, mmaStride] = [mmaStride, vec];
  const rank = order.length;
  const kDim = dotOpEnc.opIdx === 0 ? rank - 1 : rank - 2;
  if (order[0] !== kDim) [vec, mmaStride] = [mmaStride, vec];
  let maxPhase = Math.max(Math.min(mmaStride, Math.trunc(1024 / (vec * bitwidth))), 1);
  maxPhase = Math.max(Math.trunc(maxPhase / perPhase), 1);
  return SwizzledSharedEncodingAttr.get({ vec, perPhase, maxPhase, order, cgaLayout: cga });
}

/** Permutes the components of CGA bases (transposeLinearLayout on the CGA layout). */
export function transposeCGA(cga: Bases, order: readonly number[]): Bases {
  return cga.map((b) => order.map((i) => b[i]!));
}

/**
 * inferTransOpEncoding for shared layouts (the result encoding of memdesc_trans): a swizzled layout permutes its
 * order, an NVMMA layout flips `transposed` (2-D transposition only); the CGA layout is permuted.
 */
export function inferSharedTransEncoding(enc: Attribute, order: readonly number[]): Attribute | undefined {
  const inv = inversePermutation(order);
  if (enc instanceof SwizzledSharedEncodingAttr) {
    if (enc.order.length !== order.length) return undefined;
    return SwizzledSharedEncodingAttr.get({
      vec: enc.vec,
      perPhase: enc.perPhase,
      maxPhase: enc.maxPhase,
      order: applyPermutation(inv, enc.order),
      cgaLayout: transposeCGA(enc.cgaLayout, order),
    });
  }
  if (enc instanceof NVMMASharedEncodingAttr) {
    const n = order.length;
    if (n < 2) return undefined;
    for (let i = 0; i < n - 2; i++) if (order[i] !== i) return undefined;
    if (order[n - 2] !== n - 1 || order[n - 1] !== n - 2) return undefined;
    return NVMMASharedEncodingAttr.get({
      swizzlingByteWidth: enc.swizzlingByteWidth,
      transposed: !enc.transposed,
      elementBitWidth: enc.elementBitWidth,
      fp4Padded: enc.fp4Padded,
      cgaLayout: transposeCGA(enc.cgaLayout, order),
      rank: enc.rank,
    });
  }
  return undefined;
}
