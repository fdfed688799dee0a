/**
 * `ldmatrix` / `stmatrix` (`nvvm.ldmatrix`, `nvvm.stmatrix`, m8n8 b16, x1/x2/x4, `.trans`) for shared memory
 * accesses whose linear map divides by the instruction's tile (Triton's lowerLdStMatrix).
 *
 * The instruction moves up to four 8x8 matrices of 16-bit cells (a cell is 32/w elements of w bits for the
 * non-transposed form); lane `8k + i` gives the address of row i of matrix k, each row being 16 contiguous
 * bytes. In terms of the access map (register, lane, warp) → offset (elements, E = 128/w per row):
 * - non-transposed: the first log2(32/w) register bits and lane bits 0, 1 are the offsets 1, 2, 4, ... inside a
 *   row (in that order); lane bits 2, 3, 4 pick the row;
 * - `.trans` (w = 16): lane bits 2, 3, 4 are the offsets 1, 2, 4 inside a row; the first register bit and lane
 *   bits 0, 1 pick the row;
 * - the next (up to two) register bits pick the matrix (x2 / x4), the remaining register bits and the warp
 *   repeat the instruction; none of these, the rows or the view's affine offset may touch the bits inside a
 *   row (rows are 16-byte aligned).
 * The row address lane t provides is then linear in t: its bits 0..2 use the row columns, bits 3, 4 the matrix
 * columns, plus the warp's and the repetition's constant.
 */
import type { Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, VectorType, type Type } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { LLVMPointerType, LLVMStructType } from '../dialect/llvm/types.js';
import { NVVMEnumAttr, NVVMShapeAttr } from '../dialect/nvvm/attrs.js';
import type { LoweringContext } from './conversion.js';
import { applyLinearLayout, constantIntValue } from './layout-indices.js';
import type { SmemAccess } from './shared-memory.js';
import { accessWavefronts, log2, spanMask, xorCols } from './swizzle.js';
import { ExactAddresses, tritonThreadBase, type ExactAddressing } from './ldst-address.js';

function bitsOf(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 0;
}

export interface MatrixAccessOptions {
  affine?: Value | undefined;
  affineMask?: number;
  padded?: unknown;
  /** Build the addresses op for op as Triton's lowerLdStMatrix (ldst-address.ts). */
  exact?: ExactAddressing;
}

/** How an access maps onto ldmatrix/stmatrix instructions. */
export interface MatrixPlan {
  trans: boolean;
  /** Matrices per instruction (1, 2 or 4). */
  num: number;
  /** Register bits of the elements of one 32-bit cell (lowest first). */
  packBits: number[];
  /** Register bits picking the matrix. */
  matBits: number[];
  /** Columns giving the row address from lane bits 0..4 of the providing lane. */
  addrLaneCols: number[];
  /** Remaining register bits (one instruction per assignment). */
  repBits: number[];
}

/** The ldmatrix/stmatrix plan of an access, if its map divides by the instruction tile (see the file header). */
export function planMatrix(acc: SmemAccess, elemTy: Type, trans: boolean, opts: MatrixAccessOptions = {}, noMatRegMask = 0): MatrixPlan | undefined {
  const w = bitsOf(elemTy);
  if (opts.padded) return undefined;
  if (acc.laneCols.length !== 5) return undefined;
  if (trans ? w !== 16 : !(w === 8 || w === 16 || w === 32)) return undefined;
  const nPack = log2(32 / w);
  const rowElems = 128 / w;
  const rowMask = rowElems - 1;
  const regs = acc.regCols.map((_, i) => i).filter((i) => !((noMatRegMask >>> i) & 1));
  // The cell's elements: register bits with offsets 1, 2, ... (non-trans) or one register bit of any row (trans).
  const packBits: number[] = [];
  let rowCols: number[];
  if (!trans) {
    for (let t = 0; t < nPack; t++) {
      const i = regs.find((k) => acc.regCols[k] === 1 << t && !packBits.includes(k));
      if (i === undefined) return undefined;
      packBits.push(i);
    }
    if (acc.laneCols[0] !== 1 << nPack || acc.laneCols[1] !== 1 << (nPack + 1)) return undefined;
    rowCols = [acc.laneCols[2]!, acc.laneCols[3]!, acc.laneCols[4]!];
  } else {
    if (acc.laneCols[2] !== 1 || acc.laneCols[3] !== 2 || acc.laneCols[4] !== 4) return undefined;
    // The element pair of a cell: the first register bit whose offset leaves the row.
    const i = regs.find((k) => (acc.regCols[k]! & rowMask) === 0 && acc.regCols[k] !== 0);
    if (i === undefined) return undefined;
    packBits.push(i);
    rowCols = [acc.regCols[i]!, acc.laneCols[0]!, acc.laneCols[1]!];
  }
  const rest = regs.filter((k) => !packBits.includes(k));
  const matBits = rest.slice(0, 2);
  const repBits = acc.regCols.map((_, i) => i).filter((k) => !packBits.includes(k) && !matBits.includes(k));
  const others = [...rowCols, ...matBits.map((k) => acc.regCols[k]!), ...repBits.map((k) => acc.regCols[k]!), ...acc.warpCols, opts.affineMask ?? 0];
  if (others.some((c) => (c & rowMask) !== 0)) return undefined;
  const num = 2 ** matBits.length;
  const addrLaneCols = [...rowCols, ...matBits.map((k) => acc.regCols[k]!)];
  while (addrLaneCols.length < 5) addrLaneCols.push(0);
  return { trans, num, packBits, matBits, addrLaneCols, repBits };
}

function matrixAttrs(plan: MatrixPlan, withNum: boolean): [string, import('../dialect/ir/attribute.js').Attribute][] {
  const attrs: [string, import('../dialect/ir/attribute.js').Attribute][] = [];
  attrs.push(['eltType', NVVMEnumAttr.get('ld_st_matrix_elt_type', 'b16')]);
  attrs.push(['layout', NVVMEnumAttr.get('mma_layout', plan.trans ? 'col' : 'row')]);
  if (withNum) attrs.push(['num', IntegerAttr.i32(plan.num)]);
  attrs.push(['shape', NVVMShapeAttr.get('ld_st_matrix_shape', [['m', 8], ['n', 8]])]);
  return attrs;
}

/** The row address (bytes from `base`) this lane provides, for repetition constant `repOff` (elements). */
/**
 * Triton's actionAdditiveStrides on the repetitions of a matrix access: repetition bits whose offset touches no
 * bit of the address lanes, the warps or the view's affine term (or equals one of their bases) are "additive"
 * (their offset is added, an immediate), the others are XORed into the thread base. Triton runs the
 * repetitions with the additive bits as the fast ones; `sortKey` gives that order, `split` the two parts.
 */
function additiveReps(plan: MatrixPlan, acc: SmemAccess, affineMask: number): { sortKey: (rep: number) => number; split: (rep: number) => [number, number] } {
  const laneBases = plan.addrLaneCols.slice(0, 3 + log2(plan.num));
  const threadCols = [...laneBases, ...acc.warpCols];
  const touched = threadCols.reduce((m, c) => m | c, affineMask);
  const tile = new Set(threadCols);
  const cols = plan.repBits.map((k) => acc.regCols[k]!);
  const front: number[] = [];
  const back: number[] = [];
  cols.forEach((c, t) => ((c & touched) === 0 || tile.has(c) ? front : back).push(t));
  const gather = (rep: number, ts: readonly number[]): number => ts.reduce((v, t, i) => v | (((rep >>> t) & 1) << i), 0);
  const xorOf = (rep: number, ts: readonly number[]): number => ts.reduce((v, t) => ((rep >>> t) & 1 ? v ^ cols[t]! : v), 0);
  // Adding the additive offsets equals XORing them only when nothing else sets their bits (always so for
  // Triton's layouts); otherwise every repetition bit that the thread part may set is XORed, in rep order.
  const frontBits = front.reduce((m, t) => m | cols[t]!, 0);
  const backBits = back.reduce((m, t) => m | cols[t]!, touched);
  if (frontBits & backBits) {
    const span = spanMask(threadCols);
    return {
      sortKey: (rep) => rep,
      split: (rep) => {
        const off = xorOf(rep, cols.map((_, t) => t));
        return [off & span, off & ~span];
      },
    };
  }
  return {
    sortKey: (rep) => (gather(rep, back) << front.length) | gather(rep, front),
    split: (rep) => [xorOf(rep, back), xorOf(rep, front)],
  };
}

/** The repetitions in Triton's order (additive ones fastest) when its exact addresses are built. */
function orderedReps(plan: MatrixPlan, acc: SmemAccess, reps: readonly number[], opts: MatrixAccessOptions): readonly number[] {
  if (!opts.exact) return reps;
  const { sortKey } = additiveReps(plan, acc, opts.affineMask ?? 0);
  return [...reps].sort((x, y) => sortKey(x) - sortKey(y));
}

function rowAddresses(ctx: LoweringContext, base: Value, plan: MatrixPlan, acc: SmemAccess, bytes: number, affine: Value | undefined, exact?: ExactAddressing, affineMask = 0): (repOff: number, rep: number) => Value {
  const b = ctx.b;
  if (exact) {
    // Triton's address lanes: the 8 rows of each of the `num` matrices.
    const laneBases = plan.addrLaneCols.slice(0, 3 + log2(plan.num));
    const { split } = additiveReps(plan, acc, affineMask);
    const addrs = new ExactAddresses(ctx, base, tritonThreadBase(ctx, laneBases, acc.warpCols, bytes, exact));
    return (_repOff: number, rep: number) => {
      const [x, a] = split(rep);
      return addrs.at(x * bytes, a * bytes);
    };
  }
  const lanes = plan.addrLaneCols.map((c) => c * bytes);
  const warps = acc.warpCols.map((c) => c * bytes);
  const m = spanMask([...lanes, ...warps]);
  let tb: Value = b.i32(0);
  if (m !== 0) {
    const ll = LinearLayout.fromBasesWithSizes(
      [
        ['lane', lanes.map((c) => [c])],
        ['warp', warps.map((c) => [c])],
      ],
      [['offset', 2 ** (log2(m) + 1)]],
      false,
    );
    const [lane, warp] = ctx.laneWarp();
    tb = applyLinearLayout(b, ll, [
      ['lane', lane],
      ['warp', warp],
    ])[0]![1];
  }
  if (affine && constantIntValue(affine) !== 0) tb = b.xor(tb, bytes === 1 ? affine : b.shl(affine, b.i32(log2(bytes))));
  const mask = spanMask([...lanes, ...warps]);
  const cache = new Map<number, Value>();
  return (repOff: number) => {
    const c = repOff * bytes;
    const cx = c & mask;
    const ca = c & ~mask;
    let t = cache.get(cx);
    if (!t) cache.set(cx, (t = cx === 0 ? tb : b.xor(tb, b.i32(cx))));
    return b.gep(base, IntegerType.get(8), ca === 0 ? t : b.add(t, b.i32(ca)), LLVMPointerType.get(3), true);
  };
}

/** Register index of element `j` of cell `k` (matrix k) in repetition `rep` (bit assignments of the plan). */
function regIndex(plan: MatrixPlan, rep: number, k: number, j: number): number {
  let r = 0;
  plan.repBits.forEach((bit, t) => ((rep >>> t) & 1 ? (r |= 1 << bit) : 0));
  plan.matBits.forEach((bit, t) => ((k >>> t) & 1 ? (r |= 1 << bit) : 0));
  plan.packBits.forEach((bit, t) => ((j >>> t) & 1 ? (r |= 1 << bit) : 0));
  return r;
}

export interface MatrixSelection {
  /** Only registers r with regFilter(r) (one instruction's registers share the filter's answer). */
  regFilter?: (r: number) => boolean;
  /** Register bits that may only repeat instructions (not be cell or matrix bits). */
  noMatRegMask?: number;
  /** Register bits whose registers are copies (stored once); default: the bits with a zero offset. */
  copyMask?: number;
}

/** Register bits of `acc` with a zero offset (copies of other registers). */
function zeroRegMask(acc: SmemAccess): number {
  return acc.regCols.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0);
}

/**
 * The ldmatrix (cc ≥ 75) / stmatrix (cc ≥ 90) plan of an access (the non-transposed form first unless `force`
 * names one), or undefined when the map does not divide by the tile. stmatrix writes whole cells: registers
 * that are copies cannot be cell or matrix bits.
 */
export function selectMatrixPlan(
  kind: 'load' | 'store',
  computeCapability: number,
  acc: SmemAccess,
  elemTy: Type,
  opts: MatrixAccessOptions = {},
  force?: 'trans' | 'plain',
  sel: MatrixSelection = {},
): MatrixPlan | undefined {
  if (computeCapability < (kind === 'load' ? 75 : 90)) return undefined;
  // Registers that are copies are never cell or matrix bits (Triton removes broadcast registers first).
  const nm = (sel.noMatRegMask ?? 0) | zeroRegMask(acc);
  const plans = force ? [planMatrix(acc, elemTy, force === 'trans', opts, nm)] : [planMatrix(acc, elemTy, false, opts, nm), planMatrix(acc, elemTy, true, opts, nm)];
  const plan = plans.find((p) => p !== undefined);
  if (!plan) return undefined;
  if (kind === 'store') {
    const copies = sel.copyMask ?? zeroRegMask(acc);
    if ([...plan.packBits, ...plan.matBits].some((k) => (copies >>> k) & 1)) return undefined;
  }
  return plan;
}

/**
 * The repetitions (assignments of the plan's `repBits`) that issue an instruction: those `sel.regFilter` keeps
 * and, for stmatrix, not repeating a store of copies.
 */
export function matrixReps(kind: 'load' | 'store', plan: MatrixPlan, acc: SmemAccess, sel: MatrixSelection = {}): number[] {
  const out: number[] = [];
  const copyMask = sel.copyMask ?? zeroRegMask(acc);
  for (let rep = 0; rep < 2 ** plan.repBits.length; rep++) {
    if (sel.regFilter && !sel.regFilter(regIndex(plan, rep, 0, 0))) continue;
    if (kind === 'store' && plan.repBits.some((k, t) => (rep >>> t) & 1 && (copyMask >>> k) & 1)) continue;
    out.push(rep);
  }
  return out;
}

/**
 * Bank wavefronts of one instruction: each matrix is one 128-byte phase of 8 rows of 16 bytes, whose row
 * addresses (lane bits 0..2) conflict when they share banks; ideally one wavefront per matrix.
 */
export function matrixWavefronts(plan: MatrixPlan, elemTy: Type): { wavefronts: number; ideal: number } {
  const bytes = bitsOf(elemTy) / 8;
  return { wavefronts: plan.num * accessWavefronts(plan.addrLaneCols.slice(0, 3), 16 / bytes, bytes), ideal: plan.num };
}

/** Loads the registers of `reps` (matrixReps) with ldmatrix as `plan` says. */
export function emitLdMatrix(ctx: LoweringContext, base: Value, plan: MatrixPlan, reps: readonly number[], acc: SmemAccess, elemTy: Type, opts: MatrixAccessOptions = {}): (Value | undefined)[] {
  const b = ctx.b;
  const w = bitsOf(elemTy);
  const bytes = w / 8;
  const addrOf = rowAddresses(ctx, base, plan, acc, bytes, opts.affine, opts.exact, opts.affineMask);
  const out: (Value | undefined)[] = new Array<Value | undefined>(2 ** acc.regCols.length).fill(undefined);
  const perCell = plan.packBits.length === 0 ? 1 : 2 ** plan.packBits.length;
  const i32 = IntegerType.get(32);
  for (const rep of orderedReps(plan, acc, reps, opts)) {
    const repOff = xorCols(acc.regCols, regIndex(plan, rep, 0, 0));
    const addr = addrOf(repOff, rep);
    const resTy = plan.num === 1 ? i32 : LLVMStructType.getLiteral(new Array<Type>(plan.num).fill(i32));
    const res = b.create('nvvm.ldmatrix', [addr], [resTy], matrixAttrs(plan, true)).result(0);
    for (let k = 0; k < plan.num; k++) {
      const cell = plan.num === 1 ? res : b.extractValue(res, k);
      // As Triton: through a vector of the cell's elements, one element included.
      const v = b.bitcast(cell, VectorType.get([perCell], elemTy));
      for (let j = 0; j < perCell; j++) out[regIndex(plan, rep, k, j)] = b.extractElement(v, b.i32(j));
    }
  }
  return out;
}

/** Stores the registers of `reps` (matrixReps) with stmatrix as `plan` says. */
export function emitStMatrix(ctx: LoweringContext, base: Value, plan: MatrixPlan, reps: readonly number[], acc: SmemAccess, elemTy: Type, vals: () => readonly (Value | undefined)[], opts: MatrixAccessOptions = {}): void {
  const b = ctx.b;
  const w = bitsOf(elemTy);
  const bytes = w / 8;
  const values = vals();
  const addrOf = rowAddresses(ctx, base, plan, acc, bytes, opts.affine, opts.exact, opts.affineMask);
  const perCell = 2 ** plan.packBits.length;
  const i32 = IntegerType.get(32);
  for (const rep of orderedReps(plan, acc, reps, opts)) {
    const addr = addrOf(xorCols(acc.regCols, regIndex(plan, rep, 0, 0)), rep);
    const cells: Value[] = [];
    for (let k = 0; k < plan.num; k++) {
      // As Triton: packed through a vector of the cell's elements, one element included.
      const elems: Value[] = [];
      for (let j = 0; j < perCell; j++) elems.push(values[regIndex(plan, rep, k, j)]!);
      cells.push(b.bitcast(b.packVector(elems), i32));
    }
    b.create('nvvm.stmatrix', [addr, ...cells], [], matrixAttrs(plan, false));
  }
}

/** Loads every register of `acc` with ldmatrix when a plan applies (selectMatrixPlan); undefined otherwise. */
export function tryLdMatrix(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  elemTy: Type,
  opts: MatrixAccessOptions = {},
  force?: 'trans' | 'plain',
  sel: MatrixSelection = {},
): (Value | undefined)[] | undefined {
  const plan = selectMatrixPlan('load', ctx.computeCapability, acc, elemTy, opts, force, sel);
  if (!plan) return undefined;
  return emitLdMatrix(ctx, base, plan, matrixReps('load', plan, acc, sel), acc, elemTy, opts);
}

/** Stores every register of `acc` with stmatrix when a plan applies (selectMatrixPlan); false otherwise. */
export function tryStMatrix(
  ctx: LoweringContext,
  base: Value,
  acc: SmemAccess,
  elemTy: Type,
  vals: () => readonly (Value | undefined)[],
  opts: MatrixAccessOptions = {},
  force?: 'trans' | 'plain',
  sel: MatrixSelection = {},
): boolean {
  const plan = selectMatrixPlan('store', ctx.computeCapability, acc, elemTy, opts, force, sel);
  if (!plan) return false;
  emitStMatrix(ctx, base, plan, matrixReps('store', plan, acc, sel), acc, elemTy, vals, opts);
  return true;
}
