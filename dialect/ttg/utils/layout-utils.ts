/**
 * Layout-pass utilities shared by the TritonGPU layout passes (Triton 3.6's TritonGPU/Transforms/Utility.cpp
 * and the layout half of TritonGPUInferLayoutInterface), phrased on the linear-layout algebra:
 *
 * - `inferSrcEncoding(op, dstEnc)` / `inferDstEncoding(op, srcEnc)`: the operand (result) encoding that makes a
 *   shape op a "nop" — every thread keeps the elements it held. Reduce/expand_dims are slices of a parent;
 *   trans/reshape/join/split keep closed forms for blocked layouts (as Triton does, so printed attributes match)
 *   and otherwise answer with the `#ttg.linear` layout of the transformed linear layout (bases permuted for a
 *   transpose, out-dims reshaped row-major for a reshape, a register bit added/removed on the last dim for
 *   join/split).
 * - `cvtReordersRegisters(src, dst)`: a conversion only permutes registers inside each thread when
 *   `dst.invertAndCompose(src)`, quotiented by the trailing common in-dims (block, warp, lane), is a layout over
 *   `register` alone (or empty).
 * - `isExpensiveLoadOrStore`, `canUseResultEncoding` (Triton's canFoldIntoConversion), `isExpensiveToRemat`.
 * - `getConvertBackwardSlice`: the values (with the encoding each must get) whose rematerialization makes a
 *   conversion unnecessary.
 */
import { IntegerAttr, UnitAttr, type Attribute } from '../../ir/attribute.js';
import { BlockArgument, OpResult, type OpOperand, type Operation, type Value } from '../../ir/ir.js';
import { RankedTensorType, type Type } from '../../ir/type.js';
import { memoOnIdentity } from '../../ir/memo.js';
import { PointerType } from '../../tt/types.js';
import { LinearLayout } from '../../linear-layout/linear-layout.js';
import {
  BlockedEncodingAttr,
  DistributedEncodingAttr,
  LinearEncodingAttr,
  NvidiaMmaEncodingAttr,
  SliceEncodingAttr,
} from '../attrs/index.js';
import { toLinearLayout } from '../to-linear-layout.js';
import { getTotalElemsPerThread } from '../layout-queries.js';
import { applyPermutation, defaultBlockedEncoding, intsOf, inversePermutation, isIota, productOf } from './layout.js';
import { lookupNumWarps, lookupThreadsPerWarp } from '../context.js';

// ---- small helpers ---------------------------------------------------------------------------------

export function tensorTypeOf(v: Value): RankedTensorType | undefined {
  return v.type instanceof RankedTensorType ? v.type : undefined;
}

export function encodingOf(v: Value): Attribute | undefined {
  return tensorTypeOf(v)?.encoding;
}

export function intAttrOf(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? Number(a.value) : undefined;
}

export function unitAttrOf(op: Operation, name: string): boolean {
  const a = op.getAttr(name);
  return a !== undefined && (a instanceof UnitAttr || !(a instanceof IntegerAttr) || a.value !== 0n);
}

/** A `#ttg.linear` encoding with the bases of a distributed linear layout. */
export function linearEncodingOf(ll: LinearLayout): LinearEncodingAttr {
  const get = (d: string): number[][] => (ll.getBases().get(d) ?? []).map((b) => [...b]);
  return LinearEncodingAttr.get({ register: get('register'), lane: get('lane'), warp: get('warp'), block: get('block') }, ll.getNumOutDims());
}

/** `['dim0', 'dim1', ...]` */
export function standardOutDimNames(rank: number): string[] {
  return Array.from({ length: rank }, (_, i) => `dim${i}`);
}

/** Triton's reshapeLayout: the out-dims reshaped row-major to `shape` (named dim0..dimN-1). */
export function reshapeLayout(layout: LinearLayout, shape: readonly number[]): LinearLayout {
  const src = [...layout.getOutDimNames()].reverse();
  const names = standardOutDimNames(shape.length);
  const dst = names.map((n, i) => [n, shape[i]!] as const).reverse();
  return layout.transposeOuts(src).reshapeOuts(dst).transposeOuts(names);
}

function safeLL(shape: readonly number[], enc: Attribute): LinearLayout | undefined {
  try {
    return toLinearLayout(shape, enc);
  } catch {
    return undefined;
  }
}

// ---- encoding inference (TritonGPUInferLayoutInterface) ---------------------------------------------

/** inferTransOpEncoding: blocked layouts permute their parameters; other layouts permute their bases. */
export function inferTransOpEncoding(enc: Attribute, shape: readonly number[], order: readonly number[]): Attribute | undefined {
  if (enc instanceof BlockedEncodingAttr) {
    if (enc.rank !== order.length) return undefined;
    const inv = inversePermutation(order);
    return BlockedEncodingAttr.get({
      sizePerThread: applyPermutation(enc.sizePerThread, order),
      threadsPerWarp: applyPermutation(enc.threadsPerWarp, order),
      warpsPerCTA: applyPermutation(enc.warpsPerCTA, order),
      order: applyPermutation(inv, enc.order),
      cgaLayout: enc.cgaLayout.map((b) => applyPermutation(b, order)),
    });
  }
  if (!(enc instanceof DistributedEncodingAttr)) return undefined;
  const ll = safeLL(shape, enc);
  if (!ll) return undefined;
  const bases = [...ll.getBases()].map(([d, bs]) => [d, bs.map((b) => order.map((i) => b[i]!))] as [string, number[][]]);
  return linearEncodingOf(LinearLayout.fromBases(bases, ll.getOutDimNames()));
}

/** Triton's getReshapeDecomposition: groups of src dims and dst dims with equal element counts. */
export function getReshapeDecomposition(srcShape: readonly number[], dstShape: readonly number[]): [number[], number[]][] {
  const ret: [number[], number[]][] = [];
  if (srcShape.length === 0) return ret;
  ret.push([[], []]);
  let si = 0;
  let di = 0;
  let sn = 1;
  let dn = 1;
  while (si < srcShape.length || di < dstShape.length) {
    if (sn < dn || (si < srcShape.length && sn === 1) || (si < srcShape.length && srcShape[si] === 1)) {
      sn *= srcShape[si]!;
      ret[ret.length - 1]![0].push(si++);
    } else if (dn < sn || (di < dstShape.length && dstShape[di] === 1)) {
      dn *= dstShape[di]!;
      ret[ret.length - 1]![1].push(di++);
    } else {
      ret.push([[], []]);
      sn = 1;
      dn = 1;
    }
  }
  return ret;
}

function isConsecutive(xs: readonly number[]): boolean {
  return xs.every((x, i) => i === 0 || x === xs[i - 1]! + 1);
}

/** Triton's inferReshapeOpLegacyEncoding: a blocked dst encoding making the reshape a nop, if one exists. */
function inferReshapeLegacy(srcShape: readonly number[], src: Attribute, dstShape: readonly number[]): Attribute | undefined {
  if (!(src instanceof BlockedEncodingAttr)) return undefined;
  if (srcShape.length === dstShape.length && srcShape.every((s, i) => s === dstShape[i])) return src;
  const numWarps = productOf(src.warpsPerCTA);
  const tpw = productOf(src.threadsPerWarp);
  const numCTAs = 2 ** src.cgaLayout.length;
  if (src === defaultBlockedEncoding(srcShape, numWarps, tpw, numCTAs)) return defaultBlockedEncoding(dstShape, numWarps, tpw, numCTAs);
  if (src.cgaLayout.length > 0) return undefined;
  for (const sub of [src.sizePerThread, src.threadsPerWarp, src.warpsPerCTA]) {
    for (let d = 0; d < srcShape.length; d++) if (srcShape[d]! >= sub[d]! && srcShape[d]! % sub[d]! !== 0) return undefined;
  }
  const decomp = getReshapeDecomposition(srcShape, dstShape);
  const srcInvOrder = inversePermutation(src.order);
  for (const [srcDims] of decomp) {
    if (!isConsecutive(srcDims.map((d) => srcInvOrder[d]!).reverse())) return undefined;
  }
  for (const [srcDims] of decomp) {
    const remaining = srcDims.map((d) => srcShape[d]!);
    for (const sub of [src.sizePerThread, src.threadsPerWarp, src.warpsPerCTA]) {
      for (let i = srcDims.length - 1; i >= 0; i--) {
        const dim = srcDims[i]!;
        if (sub[dim] === 1) continue;
        for (let j = i + 1; j < srcDims.length; j++) if (remaining[j] !== 1) return undefined;
        if (remaining[i]! >= sub[dim]!) remaining[i] = remaining[i]! / sub[dim]!;
        else remaining[i] = 0;
        if (remaining[i] === 0 && i !== 0) return undefined;
      }
    }
  }
  const dstRemaining = [...dstShape];
  const compute = (srcSub: readonly number[]): number[] => {
    const out = new Array<number>(dstShape.length).fill(0);
    for (const [srcDims, dstDims] of decomp) {
      let rem = productOf(srcDims.map((d) => srcSub[d]!));
      for (let i = dstDims.length - 1; i >= 0; i--) {
        const d = dstDims[i]!;
        const val = Math.min(rem, dstRemaining[d]!);
        out[d] = val;
        rem = rem / val;
        dstRemaining[d] = dstRemaining[d]! / val;
      }
      out[dstDims[0]!] = out[dstDims[0]!]! * rem;
    }
    return out;
  };
  const spt = compute(src.sizePerThread);
  const tpwD = compute(src.threadsPerWarp);
  const wpc = compute(src.warpsPerCTA);
  const sorted = [...decomp].sort((a, b) => srcInvOrder[a[0][0]!]! - srcInvOrder[b[0][0]!]!);
  const dstInvOrder = new Array<number>(dstShape.length).fill(0);
  let k = 0;
  for (const [, dstDims] of sorted) for (const d of [...dstDims].reverse()) dstInvOrder[d] = k++;
  return BlockedEncodingAttr.get({ sizePerThread: spt, threadsPerWarp: tpwD, warpsPerCTA: wpc, order: inversePermutation(dstInvOrder) });
}

/** inferReshapeOpEncoding: the legacy blocked closed form, else the row-major reshape of the linear layout. */
export function inferReshapeOpEncoding(srcShape: readonly number[], srcEnc: Attribute, dstShape: readonly number[]): Attribute | undefined {
  const legacy = inferReshapeLegacy(srcShape, srcEnc, dstShape);
  if (legacy) return legacy;
  if (!(srcEnc instanceof DistributedEncodingAttr)) return undefined;
  if (productOf(srcShape) !== productOf(dstShape)) return undefined;
  const ll = safeLL(srcShape, srcEnc);
  if (!ll) return undefined;
  return linearEncodingOf(reshapeLayout(ll, dstShape));
}

/**
 * Triton's tryJoinOnAxis: join adds a leading register bit on `axis`; split needs a register basis whose `axis`
 * component is 1, drops the register bases with that component 1 and halves (integer division) every other
 * basis along `axis`.
 */
function tryJoinOnAxis(ll: LinearLayout, fwd: boolean, axis: number): LinearLayout | undefined {
  const outDims = ll.getOutDimNames();
  if (fwd) return LinearLayout.identity1D(2, 'register', outDims[axis]!).mul(ll);
  if (!(ll.getBases().get('register') ?? []).some((b) => b[axis] === 1)) return undefined;
  const bases = [...ll.getBases()].map(([d, bs]) => {
    const nb: number[][] = [];
    for (const b of bs) {
      if (d === 'register' && b[axis] === 1) continue;
      const c = [...b];
      c[axis] = Math.floor(c[axis]! / 2);
      nb.push(c);
    }
    return [d, nb] as [string, number[][]];
  });
  return LinearLayout.fromBases(bases, outDims);
}

/** inferDefaultJoinOpEncoding for operands of `shape`. */
export function inferJoinOpEncoding(enc: Attribute, shape: readonly number[]): Attribute | undefined {
  if (enc instanceof BlockedEncodingAttr) {
    return BlockedEncodingAttr.get({
      sizePerThread: [...enc.sizePerThread, 2],
      threadsPerWarp: [...enc.threadsPerWarp, 1],
      warpsPerCTA: [...enc.warpsPerCTA, 1],
      order: [enc.rank, ...enc.order],
      cgaLayout: enc.cgaLayout.map((b) => [...b, 0]),
    });
  }
  if (!(enc instanceof DistributedEncodingAttr)) return undefined;
  const ll0 = safeLL(shape, enc);
  if (!ll0) return undefined;
  const dstShape = [...shape, 1];
  const ll = ll0.reshapeOuts(standardOutDimNames(dstShape.length).map((n, i) => [n, dstShape[i]!] as const));
  const joined = tryJoinOnAxis(ll, true, dstShape.length - 1);
  return joined ? linearEncodingOf(joined) : undefined;
}

/** inferSplitOpEncoding for a source of `shape` (last dim 2). */
export function inferSplitOpEncoding(enc: Attribute, shape: readonly number[]): Attribute | undefined {
  if (enc instanceof BlockedEncodingAttr) {
    const r = enc.rank;
    // the simple split drops the last dimension; any other blocked source goes through its linear layout
    const simple = enc.sizePerThread[r - 1] === 2 && enc.threadsPerWarp[r - 1] === 1 && enc.warpsPerCTA[r - 1] === 1 && enc.cgaLayout.every((b) => b[r - 1] === 0);
    if (simple) return BlockedEncodingAttr.get({
      sizePerThread: enc.sizePerThread.slice(0, r - 1),
      threadsPerWarp: enc.threadsPerWarp.slice(0, r - 1),
      warpsPerCTA: enc.warpsPerCTA.slice(0, r - 1),
      order: enc.order.filter((d) => d !== r - 1),
      cgaLayout: enc.cgaLayout.map((b) => b.slice(0, r - 1)),
    });
  }
  if (!(enc instanceof DistributedEncodingAttr)) return undefined;
  const axis = shape.length - 1;
  if (shape[axis] !== 2) return undefined;
  const ll = safeLL(shape, enc);
  if (!ll) return undefined;
  const split = tryJoinOnAxis(ll, false, axis);
  if (!split) return undefined;
  const dstShape = shape.slice(0, axis);
  return linearEncodingOf(split.reshapeOuts(standardOutDimNames(dstShape.length).map((n, i) => [n, dstShape[i]!] as const)));
}

const SAME_ENCODING_OPS = new Set(['scf.while', 'scf.yield', 'scf.condition', 'ttng.warp_group_dot_wait']);

function passesEncodingThrough(op: Operation, forDst: boolean): boolean {
  return (
    op.hasTrait('SameOperandsAndResultEncoding') ||
    op.hasTrait('SameLoadStoreOperandsAndResultEncoding') ||
    op.hasTrait('Elementwise') ||
    SAME_ENCODING_OPS.has(op.name) ||
    (forDst && op.name === 'scf.for')
  );
}

function srcShapeOf(op: Operation): number[] {
  return [...(tensorTypeOf(op.operand(0))?.shape ?? [])];
}

function resShapeOf(op: Operation): number[] {
  return [...(tensorTypeOf(op.result(0))?.shape ?? [])];
}

/** Triton's inferSrcEncoding: the operand encoding that gives `op` the result encoding `enc`. */
export function inferSrcEncoding(op: Operation, enc: Attribute): Attribute | undefined {
  if (op.name === 'tt.scan' && !(enc instanceof BlockedEncodingAttr)) return undefined;
  if (op.name === 'ttg.fp4_to_fp') return undefined;
  if (passesEncodingThrough(op, false)) return enc;
  switch (op.name) {
    case 'tt.reduce': {
      if (!(enc instanceof SliceEncodingAttr) || enc.dim !== intAttrOf(op, 'axis')) return undefined;
      return enc.parent;
    }
    case 'tt.expand_dims':
      return enc instanceof DistributedEncodingAttr ? SliceEncodingAttr.get(intAttrOf(op, 'axis') ?? 0, enc) : undefined;
    case 'tt.join':
      return inferSplitOpEncoding(enc, resShapeOf(op));
    case 'tt.split':
      return inferJoinOpEncoding(enc, resShapeOf(op));
    case 'tt.trans': {
      const order = intsOf(op.getAttr('order')) ?? [];
      return inferTransOpEncoding(enc, resShapeOf(op), inversePermutation(order));
    }
    case 'tt.reshape':
      if (unitAttrOf(op, 'allow_reorder')) return undefined;
      return inferReshapeOpEncoding(resShapeOf(op), enc, srcShapeOf(op));
    case 'tt.gather':
      return enc;
  }
  return undefined;
}

/** Triton's inferDstEncoding: the result encoding `op` gets from the operand encoding `enc`. */
export function inferDstEncoding(op: Operation, enc: Attribute): Attribute | undefined {
  if (op.name === 'tt.scan' && !(enc instanceof BlockedEncodingAttr)) return undefined;
  if (op.name === 'ttg.fp4_to_fp') return undefined;
  if (passesEncodingThrough(op, true)) return enc;
  switch (op.name) {
    case 'tt.reduce':
      return enc instanceof DistributedEncodingAttr ? SliceEncodingAttr.get(intAttrOf(op, 'axis') ?? 0, enc) : undefined;
    case 'tt.expand_dims':
      if (!(enc instanceof SliceEncodingAttr) || enc.dim !== intAttrOf(op, 'axis')) return undefined;
      return enc.parent;
    case 'tt.join':
      return inferJoinOpEncoding(enc, srcShapeOf(op));
    case 'tt.split':
      return inferSplitOpEncoding(enc, srcShapeOf(op));
    case 'tt.trans':
      return inferTransOpEncoding(enc, srcShapeOf(op), intsOf(op.getAttr('order')) ?? []);
    case 'tt.reshape':
      if (unitAttrOf(op, 'allow_reorder')) return undefined;
      return inferReshapeOpEncoding(srcShapeOf(op), enc, resShapeOf(op));
    case 'tt.gather':
      return enc;
  }
  return undefined;
}

// ---- costs and foldability --------------------------------------------------------------------------

function isSingleValue(v: Value): boolean {
  const t = tensorTypeOf(v);
  return t ? productOf(t.shape) === 1 : true;
}

/** A load/store whose layout is worth keeping: more elements than threads (tensor-of-pointer accesses). */
export function isExpensiveLoadOrStore(op: Operation): boolean {
  const ptrType: Type = op.operand(0).type;
  if (!(ptrType instanceof RankedTensorType)) {
    if (ptrType instanceof PointerType && ptrType.pointee instanceof RankedTensorType) return true;
    return false;
  }
  if (isSingleValue(op.operand(0))) return false;
  const numWarps = lookupNumWarps(op);
  const tpw = lookupThreadsPerWarp(op);
  return productOf(ptrType.shape) >= numWarps * tpw;
}

/**
 * Triton's isExpensiveView: a reshape moves data between threads unless both layouts broadcast the same
 * in-dim bits (equal free-variable masks) and each thread holds as many elements before as after.
 */
export function isExpensiveView(srcType: RankedTensorType, dstType: RankedTensorType): boolean {
  if (!srcType.encoding || !dstType.encoding) return false;
  const a = safeLL(srcType.shape, srcType.encoding);
  const b = safeLL(dstType.shape, dstType.encoding);
  if (!a || !b) return true;
  const ma = a.getFreeVariableMasks();
  const mb = b.getFreeVariableMasks();
  for (const [d, m] of ma) if ((mb.get(d) ?? 0) !== m) return true;
  return getTotalElemsPerThread(srcType.encoding, srcType.shape) !== getTotalElemsPerThread(dstType.encoding, dstType.shape);
}

/** Triton's isExpensiveCat: the target layout gives each thread fewer elements than the cat's own. */
export function isExpensiveCat(op: Operation, target: Attribute): boolean {
  const t = tensorTypeOf(op.result(0));
  if (!t || !t.encoding) return true;
  return getTotalElemsPerThread(target, t.shape) < getTotalElemsPerThread(t.encoding, t.shape);
}

/** Triton's canFoldIntoConversion (canUseResultEncoding): ops that can produce any result encoding directly. */
export function canUseResultEncoding(op: Operation, target: Attribute): boolean {
  if (op.name === 'tt.cat') return !isExpensiveCat(op, target);
  if (op.name === 'ttg.convert_layout') {
    if (target instanceof NvidiaMmaEncodingAttr) return encodingOf(op.operand(0)) === target;
    return true;
  }
  if (op.name === 'tt.reshape') {
    const dst = tensorTypeOf(op.result(0));
    const src = tensorTypeOf(op.operand(0));
    if (!dst || !src) return false;
    return unitAttrOf(op, 'allow_reorder') && !unitAttrOf(op, 'efficient_layout') && !isExpensiveView(src, dst.withEncoding(target));
  }
  return ['arith.constant', 'tt.make_range', 'tt.splat', 'tt.histogram', 'ttg.local_alloc', 'ttg.local_load', 'ttg.local_store'].includes(op.name);
}

// ---- linear-layout conversion queries --------------------------------------------------------------

/**
 * Triton's minimalCvtLayout: `dst⁻¹ ∘ src`, quotiented by the common trailing in-dims (block, then warp, then
 * lane) as long as the conversion does not move data along them.
 */
export const minimalCvtLayout = memoOnIdentity(computeMinimalCvtLayout);
function computeMinimalCvtLayout(srcTy: RankedTensorType, dstTy: RankedTensorType): LinearLayout | undefined {
  if (!srcTy.encoding || !dstTy.encoding) return undefined;
  const src = safeLL(srcTy.shape, srcTy.encoding);
  const dst = safeLL(dstTy.shape, dstTy.encoding);
  if (!src || !dst) return undefined;
  const sDims = src.getInDimNames();
  const dDims = dst.getInDimNames();
  const dims: string[] = [];
  for (let i = 0; i < Math.min(sDims.length, dDims.length); i++) {
    const s = sDims[sDims.length - 1 - i]!;
    if (s !== dDims[dDims.length - 1 - i]) break;
    dims.push(s);
  }
  let comp: LinearLayout;
  try {
    comp = dst.invertAndCompose(src);
  } catch {
    return undefined;
  }
  for (const d of dims) {
    const q = comp.quotient([d]);
    if (!q) break;
    comp = q;
  }
  return comp;
}

/** The conversion only permutes registers within each thread (no shuffles, no shared memory). */
export function cvtReordersRegisters(srcTy: RankedTensorType, dstTy: RankedTensorType): boolean {
  const l = minimalCvtLayout(srcTy, dstTy);
  if (!l) return false;
  const outs = l.getOutDimNames();
  return outs.length === 0 || (outs.length === 1 && outs[0] === 'register');
}

/** A convert_layout that is a register permutation (Triton's isFreeConvert). */
export function isFreeConvert(op: Operation): boolean {
  if (op.name !== 'ttg.convert_layout') return false;
  const s = tensorTypeOf(op.operand(0));
  const d = tensorTypeOf(op.result(0));
  return !!s && !!d && cvtReordersRegisters(s, d);
}

/** Structurally identical layouts for the tensor type (Triton's isConvertTrivial / verifyLayoutsAreEqual). */
export function layoutsEquivalent(shape: readonly number[], a: Attribute | undefined, b: Attribute | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const la = safeLL(shape, a);
  const lb = safeLL(shape, b);
  return !!la && !!lb && la.equals(lb);
}

// ---- ordered sets ----------------------------------------------------------------------------------

/** llvm::SetVector: insertion-ordered, indexable, unique. */
export class SetVector<T> {
  private items: T[] = [];
  private readonly set = new Set<T>();
  constructor(init: Iterable<T> = []) {
    for (const x of init) this.insert(x);
  }
  insert(x: T): boolean {
    if (this.set.has(x)) return false;
    this.set.add(x);
    this.items.push(x);
    return true;
  }
  has(x: T): boolean {
    return this.set.has(x);
  }
  remove(x: T): boolean {
    if (!this.set.delete(x)) return false;
    this.items.splice(this.items.indexOf(x), 1);
    return true;
  }
  at(i: number): T {
    return this.items[i]!;
  }
  get size(): number {
    return this.items.length;
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  toArray(): T[] {
    return [...this.items];
  }
  clone(): SetVector<T> {
    return new SetVector(this.items);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }
}

// ---- backward slices -------------------------------------------------------------------------------

export type StopFn = (op: Operation) => boolean;
export type ExistingConversionFn = (use: OpOperand, encoding: Attribute) => Value | undefined;

function tiedYieldOperand(arg: BlockArgument): OpOperand | undefined {
  const forOp = arg.owner.parentOp;
  if (!forOp || forOp.name !== 'scf.for' || arg.index === 0) return undefined;
  return arg.owner.terminator?.operands[arg.index - 1];
}

function tiedInitOperand(arg: BlockArgument): OpOperand | undefined {
  const forOp = arg.owner.parentOp;
  if (!forOp || forOp.name !== 'scf.for' || arg.index === 0) return undefined;
  return forOp.operands[3 + arg.index - 1];
}

export function ifThenYield(ifOp: Operation): Operation {
  return ifOp.region(0).entry!.terminator!;
}
export function ifElseYield(ifOp: Operation): Operation {
  return ifOp.region(1).entry!.terminator!;
}

/**
 * Triton's getConvertBackwardSlice: walks the producers of `root` (to be given `rootEncoding`), recording for
 * each value of the slice the encoding it needs. Stops at ops that can produce any encoding (canUseResultEncoding),
 * at `stop`, and at uses with an existing conversion; walks through free (register-permuting) converts, if
 * results, and loop-carried block arguments. Fails on a value needing two encodings, on loop results, on
 * non-loop block arguments and on ops without an inverse encoding.
 */
export function getConvertBackwardSlice(
  root: OpOperand,
  slice: SetVector<Value>,
  rootEncoding: Attribute,
  layout: Map<Value, Attribute>,
  stop?: StopFn,
  getExistingConversion?: ExistingConversionFn,
): boolean {
  const seen = new Map<OpOperand, Set<Attribute>>();
  const queue: [OpOperand, Attribute][] = [];
  const enqueue = (use: OpOperand, enc: Attribute): void => {
    let s = seen.get(use);
    if (!s) seen.set(use, (s = new Set()));
    if (s.has(enc)) return;
    s.add(enc);
    queue.push([use, enc]);
  };
  enqueue(root, rootEncoding);
  const updateLayout = (v: Value, enc: Attribute): boolean => {
    slice.insert(v);
    const existing = layout.get(v);
    if (existing && existing !== enc) return false;
    layout.set(v, enc);
    return true;
  };
  while (queue.length) {
    const [use, encoding] = queue.pop()!;
    const current = use.value;
    if (!(current.type instanceof RankedTensorType)) continue;
    const def = current.definingOp;
    if (def && (def.name === 'scf.for' || def.name === 'scf.while' || def.name === 'ttg.warp_specialize')) return false;
    if (!updateLayout(current, encoding)) return false;
    if (getExistingConversion && getExistingConversion(use, encoding)) continue;
    if (def && def.name === 'scf.if') {
      if (stop && stop(def)) continue;
      const idx = (current as OpResult).index;
      enqueue(ifThenYield(def).operands[idx]!, encoding);
      enqueue(ifElseYield(def).operands[idx]!, encoding);
      continue;
    }
    if (def) {
      for (const r of def.results) {
        if (r === current || !(r.type instanceof RankedTensorType)) continue;
        if (!updateLayout(r, encoding)) return false;
      }
      if (isFreeConvert(def)) {
        enqueue(def.operands[0]!, encoding);
        continue;
      }
      if (canUseResultEncoding(def, encoding)) continue;
      if (stop && stop(def)) continue;
      if (def.name === 'tt.cat') return false;
      if (def.name === 'tt.gather') {
        const src = inferSrcEncoding(def, encoding);
        if (!src) return false;
        enqueue(def.operands[1]!, src);
        continue;
      }
      if (def.operands.length === 0) continue;
      // The same for every operand (a function of the op and the encoding): asked once.
      const src = inferSrcEncoding(def, encoding);
      if (!src) return false;
      for (const operand of def.operands) {
        if (encodingOf(operand.value) === src) continue;
        enqueue(operand, src);
      }
      continue;
    }
    const arg = current as BlockArgument;
    const init = tiedInitOperand(arg);
    const yielded = tiedYieldOperand(arg);
    if (init && yielded) {
      enqueue(init, encoding);
      enqueue(yielded, encoding);
      continue;
    }
    return false;
  }
  return true;
}

export function isIotaOrder(order: readonly number[]): boolean {
  return isIota(order);
}
