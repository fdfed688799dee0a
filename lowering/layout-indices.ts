/**
 * Per-thread coordinates from linear layouts, emitted as LLVM integer code (Triton's applyLinearLayout /
 * emitIndices / matrixVectorProd).
 *
 * A linear layout L maps (register, lane, warp, block) to tensor coordinates by XOR-linear algebra over bits.
 * At run time the lane, warp and block ids are values and the register index is a compile-time constant, so
 *   L(r, lane, warp, block) = L(0, lane, warp, block) xor L(r, 0, 0, 0)
 * is computed once per thread (the "base") and each register adds a constant by XOR.
 *
 * The variable part concatenates the variable inputs into one integer x (lane bits, then warp bits, ...) and
 * computes the GF(2) matrix-vector product of each output dim's flattened sub-matrix with x. Diagonals of the
 * matrix (bits moving by the same shift) become `(x & mask) << s` / `>> s` terms; terms whose output bits are
 * written by one input bit only are combined with `or disjoint`, the others with `xor`.
 */
import { UnsupportedInputError } from '../dialect/ir/diagnostics.js';
import type { Value } from '../dialect/ir/ir.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { toLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import type { LLVMBuilder } from './builder.js';
import type { LoweringContext } from './conversion.js';
import { ConstantOp as LLVMConstantOp } from '../dialect/llvm/ops.js';
import { nvgClusterCTAId } from './nvg-builders.js';

export const REGISTER = 'register';
export const LANE = 'lane';
export const WARP = 'warp';
export const BLOCK = 'block';

function isPow2(x: number): boolean {
  return x > 0 && (x & (x - 1)) === 0;
}

/** The constant value of an `llvm.mlir.constant` integer, if `v` is one. */
export function constantIntValue(v: Value): number | undefined {
  const d = v.definingOp;
  if (!d || !LLVMConstantOp.is(d)) return undefined;
  const a = LLVMConstantOp.value(d);
  return a instanceof IntegerAttr ? a.num : undefined;
}

/**
 * y = A x over GF(2), where A is a layout with one in-dim and one out-dim (its bases are the columns) and x an
 * i32 value holding the input bits.
 */
export function matrixVectorProd(b: LLVMBuilder, A: LinearLayout, x: Value): Value {
  const inDim = A.getInDimNames()[0]!;
  const outDim = A.getOutDimNames()[0]!;
  const nCol = A.getInDimSizeLog2(inDim);
  const nRow = A.getOutDimSizeLog2(outDim);
  const cols: number[] = [];
  for (let c = 0; c < nCol; c++) cols.push(A.getBasis(inDim, c)[0]!);

  // Rows (output bits) written by exactly one column.
  let rowsUnique = 0;
  for (let r = 0; r < nRow; r++) {
    let cnt = 0;
    for (let c = 0; c < nCol; c++) if ((cols[c]! >>> r) & 1) cnt++;
    if (cnt === 1) rowsUnique |= 1 << r;
  }
  // Diagonal i: column c maps to row c - i (i > 0 shifts right, i < 0 shifts left).
  const diag = (i: number): [number, boolean] => {
    let mask = 0;
    let allUnique = true;
    let row = i < 0 ? -i : 0;
    let col = Math.max(i, 0);
    while (row < nRow && col < nCol) {
      const bit = (cols[col]! >>> row) & 1;
      if (bit) mask |= 1 << col;
      allUnique &&= ((rowsUnique >>> row) & 1) === 1;
      row++;
      col++;
    }
    return [mask, allUnique];
  };
  // Columns that are alone on their diagonal are handled one by one (cheaper than a diagonal term).
  let explicitCols = 0;
  {
    const masks: number[] = [];
    for (let i = -nRow + 1; i < nCol; i++) masks.push(diag(i)[0]);
    let changed = true;
    while (changed) {
      changed = false;
      for (const m of masks) {
        const c = m & ~explicitCols;
        if (c !== 0 && isPow2(c >>> 0)) {
          explicitCols |= c;
          changed = true;
        }
      }
    }
  }
  const ors: Value[] = [];
  const xors: Value[] = [];
  for (let i = -nRow + 1; i < nCol; i++) {
    let [mask, allUnique] = diag(i);
    mask &= ~explicitCols;
    if (mask === 0) continue;
    const masked = b.and(x, b.i32(mask | 0));
    const shifted = i >= 0 ? b.lshr(masked, b.i32(i)) : b.shl(masked, b.i32(-i));
    (allUnique ? ors : xors).push(shifted);
  }
  // Explicit columns, op for op as Triton 3.6 (the test and select are built before a zero column is skipped).
  const zero = b.i32(0);
  for (let c = 0; c < nCol; c++) {
    if (!((explicitCols >>> c) & 1)) continue;
    const bit = b.and(x, b.i32((1 << c) | 0));
    const bitIsZero = b.icmp('eq', bit, zero);
    const basis = cols[c]!;
    if (basis === 0) continue;
    const term = b.select(bitIsZero, zero, b.i32(basis));
    ((rowsUnique & basis) === basis ? ors : xors).push(term);
  }
  const tree = (terms: Value[], f: (x: Value, y: Value) => Value): Value => {
    if (terms.length === 0) return b.i32(0);
    let cur = terms;
    while (cur.length > 1) {
      const next: Value[] = [];
      for (let i = 0; i + 1 < cur.length; i += 2) next.push(f(cur[i]!, cur[i + 1]!));
      if (cur.length % 2 === 1) next.push(cur[cur.length - 1]!);
      cur = next;
    }
    return cur[0]!;
  };
  const orPart = tree(ors, (p, q) => b.or(p, q, true));
  const xorPart = tree(xors, (p, q) => b.xor(p, q));
  return b.or(orPart, xorPart, true);
}

/**
 * Applies `layout` to input values (one per in-dim, in the layout's in-dim order) and returns one i32 value per
 * out-dim. Constant inputs are folded at compile time.
 */
export function applyLinearLayout(b: LLVMBuilder, layout: LinearLayout, indices: readonly (readonly [string, Value])[]): [string, Value][] {
  if (layout.getNumOutDims() === 0) return [];
  const constIns: [string, number][] = [];
  const varIns: [string, Value][] = [];
  for (const [name, v] of indices) {
    const c = constantIntValue(v);
    if (c !== undefined) constIns.push([name, c]);
    else {
      constIns.push([name, 0]);
      varIns.push([name, v]);
    }
  }
  // As Triton's applyLinearLayout, op for op: one zero for the constant outputs that are zero, the variable
  // inputs concatenated from a zero (`x = or(x, shl(idx, shift))`, shifts by 0 included), and every output
  // XORed with its constant part (zero included); canonicalize leaves these to LLVM, as in Triton's own output.
  const zero = b.i32(0);
  const out: [string, Value][] = layout.apply(constIns).map(([d, c]) => [d, c === 0 ? zero : b.i32(c)]);
  if (varIns.length === 0) return out;
  let x = b.i32(0);
  let shift = 0;
  const names: string[] = [];
  for (const [name, v] of varIns) {
    names.push(name);
    x = b.or(x, b.shl(v, b.i32(shift)));
    shift += layout.getInDimSizeLog2(name);
  }
  return out.map(([d, base]) => {
    const A = layout.sublayout(names, [d]).flattenIns();
    return [d, b.xor(base, matrixVectorProd(b, A, x))];
  });
}

/** The linear layout of a distributed tensor type. */
export function tensorLayout(t: RankedTensorType): LinearLayout {
  if (!t.encoding) throw new UnsupportedInputError(`tensor ${t.key} has no encoding`);
  return toLinearLayout(t.shape, t.encoding);
}

/**
 * The coordinates (one i32 per dim) of every register of the calling thread for a tensor type (Triton's
 * emitIndices). `withCTAOffset` adds the CTA's position in the cluster (block id; 0 with one CTA).
 */
export function emitIndices(ctx: LoweringContext, t: RankedTensorType, withCTAOffset = false): Value[][] {
  const b = ctx.b;
  const ll = tensorLayout(t);
  const [lane, warp] = ctx.laneWarp();
  const block = withCTAOffset ? nvgClusterCTAId(b) : b.i32(0);
  const inputs: [string, Value][] = [];
  for (const d of ll.getInDimNames()) {
    if (d === REGISTER) inputs.push([d, b.i32(0)]);
    else if (d === LANE) inputs.push([d, lane]);
    else if (d === WARP) inputs.push([d, warp]);
    else if (d === BLOCK) inputs.push([d, block]);
    else inputs.push([d, b.i32(0)]);
  }
  // Triton's applyLinearLayoutVec builds the base from a second register zero of its own.
  const baseInputs = inputs.map(([d, v]): [string, Value] => [d, d === REGISTER ? b.i32(0) : v]);
  const base = applyLinearLayout(b, ll, baseInputs).map(([, v]) => v);
  const nReg = ll.hasInDim(REGISTER) ? ll.getInDimSize(REGISTER) : 1;
  const out: Value[][] = [];
  for (let r = 0; r < nReg; r++) {
    const regIns: [string, number][] = ll.getInDimNames().map((d) => [d, d === REGISTER ? r : 0]);
    const regOut = ll.apply(regIns);
    // Register 0 too: Triton XORs every register's constant, 0 included (applyLinearLayoutVec).
    out.push(regOut.map(([, c], i) => b.xor(base[i]!, b.i32(c))));
  }
  return out;
}

/** Register-index coordinates (compile-time) of every register: L(r, 0, 0, 0) per dim. */
export function registerOffsets(ll: LinearLayout): number[][] {
  const nReg = ll.hasInDim(REGISTER) ? ll.getInDimSize(REGISTER) : 1;
  const out: number[][] = [];
  for (let r = 0; r < nReg; r++) {
    out.push(ll.apply(ll.getInDimNames().map((d): [string, number] => [d, d === REGISTER ? r : 0])).map(([, c]) => c));
  }
  return out;
}
