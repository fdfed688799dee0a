/**
 * Shared memory accesses and the ops on shared memory descriptors (Triton 3.6's MemoryOpToLLVM, lowerLdStShared,
 * the memdesc view ops of ViewOpToLLVM).
 *
 * ## Accesses as linear maps
 *
 * A distributed tensor is read from / written to shared memory through the linear map
 *   (register, lane, warp) -> element offset
 * which for a memdesc is `tensorLayout ∘ sharedLayout⁻¹` and for a convert_layout `src ∘ smem⁻¹` (swizzle.ts).
 * `accessShared` turns such a map (given by the offset of each register / lane / warp basis bit) into vectorized
 * `llvm.load` / `llvm.store` on `!llvm.ptr<3>`:
 * - vectors: offset bits 0..log2(v)-1 must each be the image of one register bit that no other basis (other
 *   registers, lanes, warps, the view's affine offset) touches (Triton's `largestVectorisation` + `divideLeft`
 *   by an identity tile); among the widths allowed (at most 128 bits), the one with the fewest bank wavefronts
 *   per element is used (swizzle.ts `chooseVector`);
 * - each thread computes one base `L(0, lane, warp)` (GF(2) matrix-vector product), each vector adds a
 *   compile-time constant: the bits of the constant that the base may also set are XORed, the others are
 *   added (they become the immediate offset of `ld.shared`/`st.shared`); addresses are computed in bytes;
 * - padded layouts (`#ttg.padded_shared`) add `(offset >> log2(interval)) << log2(padding)` per interval and
 *   limit vectors to the smallest interval.
 * local_alloc / local_store / local_load (when ldmatrix/stmatrix do not apply) take Triton's own vector and
 * order instead (local-ldst.ts); accesses with Triton's exact addresses (layout conversions) run their
 * registers in Triton's additive order (`additiveOrder`).
 *
 * ## Memory descriptors
 *
 * A memdesc lowers to `[base !llvm.ptr<3>, off_0, ..., off_{rank-1}]` (conversion.ts): `local_alloc` gives the
 * op's `allocation.offset` into the function's shared memory and zero offsets; `memdesc_subslice` adds its static
 * offsets; `memdesc_index` moves the base to buffer `i` of a multi-buffered allocation; `memdesc_trans` permutes
 * the offsets; `memdesc_reshape` / `memdesc_reinterpret` keep the base. The offsets of a view become an affine
 * term `sharedLayout⁻¹(offsets)` XORed into every address (views are aligned to their shape, so adding the offset
 * to a coordinate is XORing it).
 *
 * Barriers between conflicting accesses of different ops are the membar analysis' job (membar.ts); the accesses
 * here emit none.
 */
import { UnsupportedInputError } from '../dialect/ir/diagnostics.js';
import type { Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import { NVMMASharedEncodingAttr, PaddedSharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';
import { getOrder, getShapePerCTA } from '../dialect/ttg/layout-queries.js';
import { memDescLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { MemDescType } from '../dialect/ttg/types.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { applyLinearLayout, constantIntValue, tensorLayout } from './layout-indices.js';
import { emitLdMatrix, emitStMatrix, matrixReps, selectMatrixPlan, type MatrixPlan } from './ldmatrix.js';
import { columns, log2, planSmemAccess, Solver, spanMask, xorCols, type SmemAccess, type SmemAccessOptions, type SmemAccessPlan } from './swizzle.js';

export { accessWavefronts, chooseVector, vectorBits, type SmemAccess, type SmemAccessOptions } from './swizzle.js';
import { convertElementType } from './type-converter.js';
import { loadShared, storeShared } from './shared-ld-st.js';
import { type ExactAddressing, ExactAddresses, tritonThreadBase } from './ldst-address.js';
import { emitLocalLdSt, type LocalLdStAddressing } from './local-ldst.js';
import { LocalAllocOp, LocalDeallocOp, LocalLoadOp, LocalStoreOp } from '../dialect/ttg/ops.js';
import { MemDescIndexOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescTransOp } from '../dialect/ttg/ops.js';

const i8 = (): IntegerType => IntegerType.get(8);

/** Bit width of a (converted) element type; pointers count as 64. */
export function elemBits(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  if (t instanceof LLVMPointerType) return 64;
  throw new UnsupportedInputError(`cannot lower values of type ${t.key} (no bit width)`);
}

/** `L(0, lane, warp)` scaled by `scale` as a runtime value. */
function threadBase(ctx: LoweringContext, laneCols: readonly number[], warpCols: readonly number[], scale: number): Value {
  const b = ctx.b;
  const all = [...laneCols, ...warpCols].map((c) => c * scale);
  const m = spanMask(all);
  if (m === 0) return b.i32(0);
  const size = 2 ** (log2(m) + 1);
  const ll = LinearLayout.fromBasesWithSizes(
    [
      ['lane', laneCols.map((c) => [c * scale])],
      ['warp', warpCols.map((c) => [c * scale])],
    ],
    [['offset', size]],
    false,
  );
  const [lane, warp] = ctx.laneWarp();
  return applyLinearLayout(b, ll, [
    ['lane', lane],
    ['warp', warp],
  ])[0]![1];
}

/** Byte offset of an element offset in a padded layout: offset + Σ (offset >> log2 interval) << log2 padding. */
function paddedBytes(b: LLVMBuilder, off: Value, padded: PaddedSharedEncodingAttr, bytes: number): Value {
  let total = off;
  padded.intervals.forEach((interval, k) => {
    const pad = padded.paddings[k]!;
    total = b.add(total, b.shl(b.lshr(off, b.i32(log2(interval))), b.i32(log2(pad))));
  });
  return bytes === 1 ? total : b.shl(total, b.i32(log2(bytes)));
}

/**
 * Stores `vals` (one per register of the access; `undefined` entries are skipped) or, without `vals`, loads
 * every register; returns the loaded values (undefined for registers filtered out).
 */
export function accessShared(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  elemTy: Type,
  opts: SmemAccessOptions = {},
  vals?: readonly (Value | undefined)[],
): (Value | undefined)[] {
  const bits = elemBits(elemTy);
  if (bits < 8 || bits % 8 !== 0) throw new Error(`shared memory access of ${bits}-bit elements`);
  // The vector width with the fewest wavefronts in total (ties: the widest), and the vectors to access.
  const plan = planSmemAccess(acc, bits, opts, vals ? (rr) => vals[rr] !== undefined : undefined);
  return emitSmemAccess(ctx, base, acc, elemTy, opts, plan, vals);
}

/** Emits the instructions of `plan` (planSmemAccess): stores of `vals`, or loads (returned per register). */
export function emitSmemAccess(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  elemTy: Type,
  opts: SmemAccessOptions,
  plan: SmemAccessPlan,
  vals?: readonly (Value | undefined)[],
): (Value | undefined)[] {
  const b = ctx.b;
  const bytes = elemBits(elemTy) / 8;
  const nReg = 2 ** acc.regCols.length;
  const vec = 2 ** plan.vecBits.length;
  const ptr3 = LLVMPointerType.get(3);
  const padded = opts.padded;
  const threadMask = spanMask([...acc.laneCols, ...acc.warpCols, opts.affineMask ?? 0]);
  const maxAlign = opts.baseAlignment ?? 16;
  const out: (Value | undefined)[] = new Array<Value | undefined>(nReg).fill(undefined);
  if (opts.exact && !padded) {
    const addrs = new ExactAddresses(ctx, base, tritonThreadBase(ctx, acc.laneCols, acc.warpCols, bytes, opts.exact));
    const additive = additiveOrder(acc, plan, opts.affineMask ?? 0);
    const instrs = additive ? [...plan.instrs].sort((x, y) => additive.key(x[0]!) - additive.key(y[0]!)) : plan.instrs;
    for (const regs of instrs) {
      const c = xorCols(acc.regCols, regs[0]!);
      const [xorPart, addPart] = additive ? additive.split(regs[0]!) : [c & threadMask, c & ~threadMask];
      const addr = addrs.at(xorPart * bytes, addPart * bytes);
      if (vals) storeShared(b, addr, regs.map((rr) => vals[rr] ?? b.undef(elemTy)), maxAlign);
      else loadShared(b, addr, elemTy, vec, maxAlign).forEach((v, k) => (out[regs[k]!] = v));
    }
    return out;
  }
  // Thread part of the address: in bytes (no padding) or elements (padding applies to element offsets).
  const scale = padded ? 1 : bytes;
  let tBase = threadBase(ctx, acc.laneCols, acc.warpCols, scale);
  if (opts.affine && constantIntValue(opts.affine) !== 0) {
    tBase = b.xor(tBase, scale === 1 ? opts.affine : b.shl(opts.affine, b.i32(log2(scale))));
  }
  const xored = new Map<number, Value>();
  const threadPart = (cx: number): Value => {
    if (cx === 0) return tBase;
    let v = xored.get(cx);
    if (!v) xored.set(cx, (v = b.xor(tBase, b.i32(cx * scale))));
    return v;
  };
  for (const regs of plan.instrs) {
    const c = xorCols(acc.regCols, regs[0]!);
    const cx = c & threadMask;
    const ca = c & ~threadMask;
    let addr: Value;
    if (padded) {
      const off = ca === 0 ? threadPart(cx) : b.or(threadPart(cx), b.i32(ca), true);
      addr = b.gep(base, i8(), paddedBytes(b, off, padded, bytes), ptr3, true);
    } else {
      const t = threadPart(cx);
      addr = b.gep(base, i8(), ca === 0 ? t : b.add(t, b.i32(ca * bytes)), ptr3, true);
    }
    // Moved as integers, as Triton's storeDShared / loadDShared do (shared-ld-st.ts).
    if (vals) storeShared(b, addr, regs.map((rr) => vals[rr] ?? b.undef(elemTy)), maxAlign);
    else loadShared(b, addr, elemTy, vec, maxAlign).forEach((v, k) => (out[regs[k]!] = v));
  }
  return out;
}

/**
 * Triton's actionAdditiveStrides on the non-vector register bits of an access: bits whose offset touches no
 * lane/warp/affine bit (or equals a lane/warp basis) are additive, run fastest, and their offsets are added; the
 * others are XORed. Undefined where adding would differ from XORing (an offset bit shared by both parts).
 */
function additiveOrder(acc: SmemAccess, plan: SmemAccessPlan, affineMask: number): { key: (r: number) => number; split: (r: number) => [number, number] } | undefined {
  const threadCols = [...acc.laneCols, ...acc.warpCols];
  const touched = threadCols.reduce((m, c) => m | c, affineMask);
  const tile = new Set(threadCols);
  const front: number[] = [];
  const back: number[] = [];
  acc.regCols.forEach((c, k) => {
    if (plan.vecBits.includes(k) || c === 0) return;
    ((c & touched) === 0 || tile.has(c) ? front : back).push(k);
  });
  const frontBits = front.reduce((m, k) => m | acc.regCols[k]!, 0);
  const backBits = back.reduce((m, k) => m | acc.regCols[k]!, touched);
  if (frontBits & backBits) return undefined;
  const gather = (r: number, ks: readonly number[]): number => ks.reduce((v, k, i) => v | (((r >>> k) & 1) << i), 0);
  const xorOf = (r: number, ks: readonly number[]): number => ks.reduce((v, k) => ((r >>> k) & 1 ? v ^ acc.regCols[k]! : v), 0);
  return { key: (r) => (gather(r, back) << front.length) | gather(r, front), split: (r) => [xorOf(r, back), xorOf(r, front)] };
}

// ---------------------------------------------------------------------------------------------------------
// Memory descriptors

/** How a memdesc's elements are laid out: element offset of each tensor coordinate. */
export interface MemDescAddressing {
  /** Offset (elements) of a flattened coordinate of the view's shape (dim0 minor). */
  offsetOf: (flat: number) => number;
  /** The affine offset of the view's offsets (runtime) and the bits it may set. */
  affine: Value | undefined;
  affineMask: number;
  padded: PaddedSharedEncodingAttr | undefined;
}

/** Flattened-coordinate shifts of each dim of `shape` (dim0 minor, as LinearLayout.flattenOuts). */
function dimShifts(shape: readonly number[]): number[] {
  const out: number[] = [];
  let s = 0;
  for (const d of shape) {
    out.push(s);
    s += log2(d);
  }
  return out;
}

/** Offset (elements) in the allocation of each flattened coordinate of a memdesc's view at offset zero. */
export function memDescOffsetOf(t: MemDescType): (flat: number) => number {
  const ll = memDescLinearLayout(t);
  const rank = t.shape.length;
  const allocShape = t.allocShape.slice(t.allocShape.length - rank);
  const solver = new Solver(columns(ll, 'offset'));
  const allocShifts = dimShifts(allocShape);
  const viewShifts = dimShifts(t.shape);
  const toAlloc = (flat: number): number => {
    let y = 0;
    for (let d = 0; d < rank; d++) {
      const width = log2(t.shape[d]!);
      const v = (flat >>> viewShifts[d]!) & ((1 << width) - 1);
      y |= v << allocShifts[d]!;
    }
    return y;
  };
  return (flat: number): number => {
    const s = solver.solve(toAlloc(flat));
    if (s === undefined) throw new UnsupportedInputError(`the shared layout of ${t.key} does not cover every element (a CGA layout over more CTAs than the module has?)`);
    return s;
  };
}

/**
 * The addressing of a memdesc value: its shared layout inverted (tensor coordinate → offset), coordinates of the
 * view re-based on the allocation shape, and the view's offsets as an affine term.
 */
export function memDescAddressing(ctx: LoweringContext, t: MemDescType, lowered: readonly Value[]): MemDescAddressing {
  const ll = memDescLinearLayout(t);
  const rank = t.shape.length;
  const allocShape = t.allocShape.slice(t.allocShape.length - rank);
  const solver = new Solver(columns(ll, 'offset'));
  const allocShifts = dimShifts(allocShape);
  const offsetOf = memDescOffsetOf(t);
  // Affine term of the view offsets: inv(offsets), offsets being multiples of the view shape per dim.
  const offs = lowered.slice(1, 1 + rank);
  let affine: Value | undefined;
  let affineMask = 0;
  const consts = offs.map((v) => constantIntValue(v));
  // As Triton's getShmemOffset: a view as large as its allocation (no subslice) is at offset zero, whatever its
  // offset values look like.
  const subview = allocShape.some((s, d) => s !== t.shape[d]);
  if (subview && offs.length === rank && !consts.every((c) => c === 0)) {
    const b = ctx.b;
    const invBases: [string, number[][]][] = [];
    for (let d = 0; d < rank; d++) {
      const list: number[][] = [];
      for (let k = 0; k < log2(allocShape[d]!); k++) {
        const s = solver.solve(1 << (allocShifts[d]! + k));
        list.push([s ?? 0]);
        if (k >= log2(t.shape[d]!)) affineMask |= s ?? 0;
      }
      invBases.push([`dim${d}`, list]);
    }
    const inv = LinearLayout.fromBasesWithSizes(invBases, [['offset', ll.getInDimSize('offset')]], false);
    affine = applyLinearLayout(
      b,
      inv,
      offs.map((v, d): [string, Value] => [`dim${d}`, v]),
    )[0]![1];
    const c = constantIntValue(affine);
    if (c !== undefined) affineMask = c;
  }
  const padded = t.encoding instanceof PaddedSharedEncodingAttr ? t.encoding : undefined;
  return { offsetOf, affine, affineMask, padded };
}

/** The access map of a distributed tensor type through a memdesc addressing. */
export function tensorAccess(tensor: RankedTensorType, addr: MemDescAddressing): SmemAccess {
  const ll = tensorLayout(tensor);
  return {
    regCols: columns(ll, 'register').map(addr.offsetOf),
    laneCols: columns(ll, 'lane').map(addr.offsetOf),
    warpCols: columns(ll, 'warp').map(addr.offsetOf),
  };
}

/** Values as stored in shared memory: pointers as i64, i1 as i8. */
export function toStorage(b: LLVMBuilder, v: Value): Value {
  const t = v.type;
  if (t instanceof LLVMPointerType) return b.ptrtoint(v, IntegerType.get(64));
  if (t instanceof IntegerType && t.width < 8) return b.zext(v, i8());
  return v;
}
export function storageType(t: Type): Type {
  if (t instanceof LLVMPointerType) return IntegerType.get(64);
  if (t instanceof IntegerType && t.width < 8) return i8();
  return t;
}
export function fromStorage(b: LLVMBuilder, v: Value, t: Type): Value {
  if (t instanceof LLVMPointerType) return b.inttoptr(v, t);
  if (t instanceof IntegerType && t.width < 8) return b.trunc(v, t);
  return v;
}

/** How a local_alloc / local_store (a store) or a local_load (a load) moves a tensor through shared memory. */
export interface LocalAccessPlan {
  acc: SmemAccess;
  /** The element type as stored (storageType). */
  elemTy: Type;
  opts: SmemAccessOptions;
  /** Register bits with a zero offset: copies, stored once and loaded once. */
  zeroMask: number;
  /** ldmatrix/stmatrix, when `ld.shared`/`st.shared` could not do 128-bit accesses and the tile divides the map. */
  matrix?: { plan: MatrixPlan; reps: number[] };
  /** Otherwise vectorized `ld.shared`/`st.shared` (stores skip copies, loads load the unique registers). */
  access?: SmemAccessPlan;
}

/** The access plan of a local op (see LocalAccessPlan); `addr` from memDescAddressing or staticMemDescAddressing. */
export function planLocalAccess(kind: 'load' | 'store', computeCapability: number, tensor: RankedTensorType, addr: MemDescAddressing): LocalAccessPlan {
  const acc = tensorAccess(tensor, addr);
  const elemTy = storageType(convertElementType(tensor.elementType));
  const bits = elemBits(elemTy);
  const opts = accessOpts(addr);
  const zeroMask = acc.regCols.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0);
  const base = { acc, elemTy, opts, zeroMask };
  // As Triton's NVIDIA local_alloc/local_store/local_load patterns: ldmatrix/stmatrix whenever the access divides
  // by their tile (not for padded layouts), ld/st.shared otherwise.
  if (!addr.padded) {
    const plan = selectMatrixPlan(kind, computeCapability, acc, elemTy, addr);
    // Copies are loaded once (Triton removes broadcast registers before lowerLdStMatrix and broadcasts after).
    if (plan) return { ...base, matrix: { plan, reps: matrixReps(kind, plan, acc, kind === 'load' ? { regFilter: (r) => (r & zeroMask) === 0 } : {}) } };
  }
  if (bits < 8 || bits % 8 !== 0) throw new Error(`shared memory access of ${bits}-bit elements`);
  // Broadcast registers hold copies: store each element once per thread, load the unique registers.
  const access =
    kind === 'store'
      ? planSmemAccess(acc, bits, opts, (r) => (r & zeroMask) === 0)
      : planSmemAccess(acc, bits, { ...opts, regFilter: (r) => (r & zeroMask) === 0 });
  return { ...base, access };
}

/** The addressing of a memdesc type seen as a view at offset zero (for explanations; no code emitted). */
export function staticMemDescAddressing(t: MemDescType): MemDescAddressing {
  const padded = t.encoding instanceof PaddedSharedEncodingAttr ? t.encoding : undefined;
  return { offsetOf: memDescOffsetOf(t), affine: undefined, affineMask: 0, padded };
}

function storeTensor(ctx: LoweringContext, vals: readonly Value[], tensor: RankedTensorType, memTy: MemDescType, mem: readonly Value[]): void {
  const b = ctx.b;
  const addr = memDescAddressing(ctx, memTy, mem);
  const p = planLocalAccess('store', ctx.computeCapability, tensor, addr);
  if (p.matrix) {
    emitStMatrix(ctx, mem[0]!, p.matrix.plan, p.matrix.reps, p.acc, p.elemTy, () => vals.map((v) => toStorage(b, v)), matrixOpts(ctx, memTy, addr));
    return;
  }
  const stored = vals.map((v, r) => ((r & p.zeroMask) === 0 ? toStorage(b, v) : undefined));
  if (!addr.padded && emitLocalLdSt(ctx, mem[0]!, p.acc, p.elemTy, elemBits(p.elemTy), localLdStAddressing(memTy, addr), stored)) return;
  emitSmemAccess(ctx, mem[0]!, p.acc, p.elemTy, p.opts, p.access!, stored);
}

/** ldmatrix/stmatrix addresses op for op as Triton's lowerLdStMatrix (the view's affine term always applied). */
function matrixOpts(ctx: LoweringContext, memTy: MemDescType, addr: MemDescAddressing): MemDescAddressing & { exact: ExactAddressing } {
  const offsetElems = memDescLinearLayout(memTy).getInDimSize('offset');
  return { ...addr, exact: { affine: addr.affine ?? ctx.b.i32(0), offsetElems } };
}

/** Triton's lowerLocalLdSt addressing of a memdesc view (local-ldst.ts). */
function localLdStAddressing(memTy: MemDescType, addr: MemDescAddressing): LocalLdStAddressing {
  return { affine: addr.affine, affineMask: addr.affineMask, offsetElems: memDescLinearLayout(memTy).getInDimSize('offset') };
}

function accessOpts(addr: MemDescAddressing): SmemAccessOptions {
  const o: SmemAccessOptions = {};
  if (addr.affine) {
    o.affine = addr.affine;
    o.affineMask = addr.affineMask;
  }
  if (addr.padded) {
    o.padded = addr.padded;
    o.maxVecElems = Math.min(...addr.padded.intervals);
  }
  return o;
}

function loadTensor(ctx: LoweringContext, tensor: RankedTensorType, memTy: MemDescType, mem: readonly Value[]): Value[] {
  const b = ctx.b;
  const addr = memDescAddressing(ctx, memTy, mem);
  const p = planLocalAccess('load', ctx.computeCapability, tensor, addr);
  const elemTy = convertElementType(tensor.elementType);
  if (p.matrix) {
    const loaded = emitLdMatrix(ctx, mem[0]!, p.matrix.plan, p.matrix.reps, p.acc, p.elemTy, matrixOpts(ctx, memTy, addr)).map((v) => (v ? fromStorage(b, v, elemTy) : undefined));
    return loaded.map((_, r) => loaded[r & ~p.zeroMask]!);
  }
  // Load the unique registers, copy to the broadcast ones.
  const loaded =
    (addr.padded ? undefined : emitLocalLdSt(ctx, mem[0]!, p.acc, p.elemTy, elemBits(p.elemTy), localLdStAddressing(memTy, addr))) ??
    emitSmemAccess(ctx, mem[0]!, p.acc, p.elemTy, p.opts, p.access!);
  const n = 2 ** p.acc.regCols.length;
  const out: Value[] = [];
  for (let r = 0; r < n; r++) out.push(fromStorage(b, loaded[r & ~p.zeroMask]!, elemTy));
  return out;
}

function memType(v: Value): MemDescType {
  const t = v.type;
  if (!(t instanceof MemDescType)) throw new Error(`expected a memdesc, got ${t.key}`);
  return t;
}
function tensorType(v: Value): RankedTensorType {
  const t = v.type;
  if (!(t instanceof RankedTensorType)) throw new Error(`expected a tensor, got ${t.key}`);
  return t;
}

registerLowering(LocalAllocOp, (op, ctx) => {
  const memTy = memType(LocalAllocOp.result(op));
  const base = ctx.sharedMemoryBase(op);
  // One zero for every offset, as Triton's SharedMemoryObject.
  const zero = ctx.b.i32(0);
  const zeros = memTy.shape.map(() => zero);
  const mem = [base, ...zeros];
  const src = LocalAllocOp.src(op);
  if (src) storeTensor(ctx, ctx.lowered(LocalAllocOp.src)!, tensorType(src), memTy, mem);
  ctx.replaceWith(mem);
});

registerLowering(LocalDeallocOp, (_op, ctx) => {
  ctx.replace([]);
});

registerLowering(LocalLoadOp, (op, ctx) => {
  const memTy = memType(LocalLoadOp.src(op));
  ctx.replaceWith(loadTensor(ctx, tensorType(LocalLoadOp.result(op)), memTy, ctx.lowered(LocalLoadOp.src)));
});

registerLowering(LocalStoreOp, (op, ctx) => {
  const memTy = memType(LocalStoreOp.dst(op));
  storeTensor(ctx, ctx.lowered(LocalStoreOp.src), tensorType(LocalStoreOp.src(op)), memTy, ctx.lowered(LocalStoreOp.dst));
  ctx.replace([]);
});

registerLowering(MemDescIndexOp, (op, ctx) => {
  const src = memType(MemDescIndexOp.src(op));
  const dst = memType(op.result());
  const idx = ctx.scalar(MemDescIndexOp.index);
  const b = ctx.b;
  // As Triton's MemDescIndexOpConversion: an element offset `idx * (elements of one buffer)` (not folded when idx
  // is a constant, canonicalize does that), plus the padding of a padded layout for that offset, and a GEP on
  // the element type; the view keeps the source's innermost offsets.
  let offset = b.mul(idx, b.i32(allocElemsPerCTA(dst)));
  const [base, ...offs] = ctx.lowered(MemDescIndexOp.src);
  if (dst.encoding instanceof PaddedSharedEncodingAttr) offset = b.add(offset, paddingOffset(b, dst.encoding, offset));
  const newBase = b.gep(base!, convertElementType(src.elementType), offset);
  ctx.replaceWith([newBase, ...offs.slice(offs.length - dst.shape.length)]);
});

/** Elements of one buffer of a memdesc per CTA (Triton's getAllocationShapePerCTA: fp4-padded rows hold twice the elements). */
function allocElemsPerCTA(t: MemDescType): number {
  const shape = [...t.shape];
  if (t.encoding instanceof NVMMASharedEncodingAttr && t.encoding.fp4Padded) {
    const packed = getOrder(t.encoding, shape)[0]!;
    shape[packed] = shape[packed]! * 2;
  }
  return getShapePerCTA(t.encoding, shape).reduce((a, x) => a * x, 1);
}

/** Triton's emitPadding for an element offset: Σ (offset >> log2 interval) << log2 padding, from a zero. */
function paddingOffset(b: LLVMBuilder, padded: PaddedSharedEncodingAttr, offset: Value): Value {
  let pad = b.i32(0);
  padded.intervals.forEach((interval, k) => {
    const shift = b.i32(log2(interval));
    const scale = b.i32(log2(padded.paddings[k]!));
    pad = b.add(pad, b.shl(b.ashr(offset, shift), scale));
  });
  return pad;
}

registerLowering(MemDescSubsliceOp, (op, ctx) => {
  const [base, ...offs] = ctx.lowered(MemDescSubsliceOp.src);
  const static_ = MemDescSubsliceOp.offsets(op).values;
  const b = ctx.b;
  const out = offs.map((o, d) => {
    const s = static_[d] ?? 0;
    if (s === 0) return o;
    const c = constantIntValue(o);
    return c !== undefined ? b.i32(c + s) : b.add(o, b.i32(s));
  });
  ctx.replaceWith([base!, ...out]);
});

registerLowering(MemDescTransOp, (op, ctx) => {
  const [base, ...offs] = ctx.lowered(MemDescTransOp.src);
  const order = MemDescTransOp.order(op).values;
  ctx.replaceWith([base!, ...order.map((o) => offs[o]!)]);
});

// ttg.memdesc_reinterpret: memdesc-reinterpret.ts.
registerLowering(MemDescReshapeOp, (op, ctx) => {
  const [base, ...offs] = ctx.lowered(MemDescReshapeOp.src);
  if (!offs.every((o) => constantIntValue(o) === 0)) return 'reshape of a memdesc view with non-zero offsets';
  const dst = memType(op.result());
  ctx.replaceWith([base!, ...dst.shape.map(() => ctx.b.i32(0))]);
});

