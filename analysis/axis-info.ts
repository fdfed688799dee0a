/**
 * Triton 3.6's AxisInfo analysis (lib/Analysis/AxisInfo.cpp): for every integer or pointer value, per tensor
 * dim, the *contiguity* (length of the shortest run of consecutive integers), the *divisibility* (largest
 * power of two dividing the first element of each run) and the *constancy* (length of the shortest run of
 * equal values), plus the constant value when known. It is a sparse forward dataflow analysis: each op's
 * transfer function (the visitors below: constants, make_range, splat/broadcast/expand_dims, addptr,
 * add/sub/mul/div/rem, shifts, logic ops, cmpi, select, max/min, casts, loads, poison) runs when its
 * operands change, results are joined (gcd rule) into their lattices, and control flow (scf.for/if/while,
 * cf branches) joins the values flowing along region edges until a fixpoint. It runs on the shared sparse
 * forward framework (analysis/dataflow/: lattice, worklist, control-flow edges, call graph) and reproduces MLIR's
 * visiting order (initialization in pre-order with the regions of region-branch ops becoming live later,
 * then a FIFO worklist), its "pessimistic entry state" for arguments and for operands seen uninitialized,
 * and function-argument hints (`tt.divisibility`, `tt.contiguity`, `tt.constancy`).
 *
 * Query API (ModuleAxisInfoAnalysis): `getAxisInfo(v)`, and for lowering `getContiguity`, `getAlignment`,
 * `getMaskAlignment` (vectorization widths along the fastest dim of a layout).
 */
import { ArrayAttr, DenseElementsAttr, DictionaryAttr, IntegerAttr, type Attribute } from '../dialect/ir/attribute.js';
import { BlockArgument, OpResult, type Block, type Operation, type Value } from '../dialect/ir/ir.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, ShapedType, type Type } from '../dialect/ir/type.js';
import { PointerType } from '../dialect/tt/types.js';
import { ConstantOp, SelectOp } from '../dialect/arith/ops.js';
import { ConstantOp as LLVMConstantOp } from '../dialect/llvm/ops.js';
import { AddPtrOp, BroadcastOp, ExpandDimsOp, MakeRangeOp, TransOp } from '../dialect/tt/ops.js';
import { WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { ForOp } from '../dialect/scf/ops.js';
import type { Region } from '../dialect/ir/ir.js';
import { CallGraph, isCall, isCallable } from './dataflow/call-graph.js';
import { getRegionBranchModel, regionEdgesInto, successorOperandValues, takenSuccessors, type RegionBranchModel } from './dataflow/control-flow.js';
import type { LatticeSpec } from './dataflow/lattice.js';
import { SparseForwardSolver } from './dataflow/sparse-solver.js';

// ---- integer helpers (int64 semantics) ------------------------------------------------------------

const I64 = (x: bigint): bigint => BigInt.asIntN(64, x);

/** highestPowOf2Divisor<int64_t>(0): the largest power of two an int64 divisibility can hold. */
export const K_MAX_DIVISOR = 1n << 62n;

/** Largest power of two dividing `n` (2^62 for 0), as Triton's highestPowOf2Divisor<int64_t>. */
export function highestPowOf2Divisor(n: bigint): bigint {
  // 0 and INT64_MIN (whose divisor does not fit) give the largest representable power of two.
  if (n === 0n || n === -(1n << 63n)) return K_MAX_DIVISOR;
  return I64(n & -n);
}

function absBig(x: bigint): bigint {
  return x < 0n ? -x : x;
}

function stdGcd(a: bigint, b: bigint): bigint {
  a = absBig(a);
  b = absBig(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Triton's variadic gcd: a zero first argument returns the second (ignoring the rest), as in AxisInfo.cpp. */
export function gcd(a: bigint, b: bigint, ...rest: bigint[]): bigint {
  if (a === 0n) return b;
  if (b === 0n) return a;
  if (rest.length === 0) return stdGcd(a, b);
  return gcd(stdGcd(a, b), rest[0]!, ...rest.slice(1));
}

/** lhs * rhs, saturating at the maximum divisor. */
function multiplyDivisor(lhs: bigint, rhs: bigint): bigint {
  if (rhs <= 0n) return K_MAX_DIVISOR;
  if (lhs > K_MAX_DIVISOR / rhs) return K_MAX_DIVISOR;
  return lhs * rhs;
}

const maxB = (a: bigint, b: bigint): bigint => (a > b ? a : b);
const minB = (a: bigint, b: bigint): bigint => (a < b ? a : b);

// ---- the lattice value ------------------------------------------------------------------------------

export type DimVector = readonly bigint[];

/** Known facts about the values of a (tensor of) integers or pointers, per dim. Rank 0 = not yet known. */
export class AxisInfo {
  constructor(
    readonly contiguity: DimVector,
    readonly divisibility: DimVector,
    readonly constancy: DimVector,
    readonly constantValue?: bigint,
  ) {}

  static readonly UNINITIALIZED = new AxisInfo([], [], []);

  get rank(): number {
    return this.contiguity.length;
  }
  /** Values as numbers (powers of two up to 2^62 are exact). */
  getContiguity(d: number): number {
    return Number(this.contiguity[d] ?? 1n);
  }
  getDivisibility(d: number): number {
    return Number(this.divisibility[d] ?? 1n);
  }
  getConstancy(d: number): number {
    return Number(this.constancy[d] ?? 1n);
  }
  cont(d: number): bigint {
    return this.contiguity[d] ?? 1n;
  }
  div(d: number): bigint {
    return this.divisibility[d] ?? 1n;
  }
  cst(d: number): bigint {
    return this.constancy[d] ?? 1n;
  }

  equals(o: AxisInfo): boolean {
    const eq = (a: DimVector, b: DimVector): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
    return eq(this.contiguity, o.contiguity) && eq(this.divisibility, o.divisibility) && eq(this.constancy, o.constancy) && this.constantValue === o.constantValue;
  }

  /** `contiguity = [..], divisibility = [..], constancy = [..], constant_value = N|<none>` (AxisInfo::print). */
  toString(): string {
    const v = (xs: DimVector): string => '[' + xs.join(', ') + ']';
    return (
      `contiguity = ${v(this.contiguity)}, divisibility = ${v(this.divisibility)}, constancy = ${v(this.constancy)}, constant_value = ` +
      (this.constantValue === undefined ? '<none>' : this.constantValue.toString())
    );
  }

  /** The lattice join: gcd per dim (divisibility also bounded by changed contiguity), equal constants kept. */
  static join(lhs: AxisInfo, rhs: AxisInfo): AxisInfo {
    if (lhs.rank === 0) return rhs;
    if (rhs.rank === 0) return lhs;
    const c: bigint[] = [];
    const d: bigint[] = [];
    const k: bigint[] = [];
    for (let i = 0; i < lhs.rank; i++) {
      c.push(gcd(lhs.cont(i), rhs.cont(i)));
      d.push(divisibilityFromContiguity(lhs, rhs, i));
      k.push(gcd(lhs.cst(i), rhs.cst(i)));
    }
    const cv = lhs.constantValue !== undefined && lhs.constantValue === rhs.constantValue ? lhs.constantValue : undefined;
    return new AxisInfo(c, d, k, cv);
  }
}

/** getDivisibilityFromContiguity: merging runs of different lengths bounds the divisibility by both lengths. */
function divisibilityFromContiguity(lhs: AxisInfo, rhs: AxisInfo, d: number): bigint {
  if (lhs.cont(d) === rhs.cont(d) || lhs.cont(d) === K_MAX_DIVISOR || rhs.cont(d) === K_MAX_DIVISOR) {
    return gcd(lhs.div(d), rhs.div(d));
  }
  return gcd(lhs.div(d), rhs.div(d), lhs.cont(d), rhs.cont(d));
}

const fill = (n: number, v: bigint): bigint[] => new Array<bigint>(n).fill(v);

// ---- op classification ---------------------------------------------------------------------------

// The region ops AxisInfo follows as region branches (the others' regions are entered in place, their
// arguments unknown); each has a model, registered or among FALLBACK_MODELS below.
const REGION_BRANCH_OPS = new Set(['scf.for', 'scf.if', 'scf.while', 'scf.execute_region', 'scf.index_switch', 'ttg.warp_specialize']);

/** A function-like op (its arguments are the analysis's entry state). */
export function isFunctionOp(op: Operation | undefined): boolean {
  return isCallable(op);
}
function isRegionBranch(op: Operation | undefined): boolean {
  return op !== undefined && REGION_BRANCH_OPS.has(op.name);
}

function shapeOf(t: Type): readonly number[] {
  return t instanceof ShapedType ? t.shape : [];
}

/** Bit width of the pointee of a pointer or tensor of pointers (getPointeeBitWidth). */
function pointeeBitWidth(t: Type): number {
  const el = t instanceof ShapedType ? t.elementType : t;
  const p = el instanceof PointerType ? el.pointee : el;
  if (p instanceof IntegerType || p instanceof FloatType) return p.width;
  if (p instanceof IndexType) return 64;
  return 64;
}

/**
 * initDimVectorFromHint: a dense attribute gives its elements; an integer attribute gives its value (Triton
 * makes a 1-vector of it, which only matches scalars; we repeat it over the `rank` dims).
 */
function hintVector(a: Attribute | undefined, rank: number): bigint[] | undefined {
  if (a instanceof IntegerAttr) return fill(Math.max(rank, 1), BigInt.asUintN(bitsOf(a.type), a.value));
  if (a instanceof DenseElementsAttr) {
    // A splat hint longer than the value's rank means nothing more (Triton asserts equal ranks when joining);
    // expanding a `dense<16> : tensor<1048576xi32>` typo in full would only make the analysis crawl.
    const n = a.isSplat ? Math.min(a.type.numElements, Math.max(rank, 1)) : a.values.length;
    const vals = a.isSplat ? fill(n, BigInt(a.values[0]!)) : a.values.map((v) => BigInt(v));
    return vals.map((v) => BigInt.asIntN(32, v));
  }
  return undefined;
}

function bitsOf(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  return 64;
}

/** Zero-extended value of an integer attribute, as an int64 (APInt::getZExtValue). */
function zext(a: IntegerAttr): bigint {
  return I64(BigInt.asUintN(bitsOf(a.type), a.value));
}

// ---- argument attributes of functions -------------------------------------------------------------

/** The `arg_attrs` dictionary of argument `i` of a function op. */
export function funcArgAttrs(func: Operation, i: number): DictionaryAttr | undefined {
  const all = func.getAttr('arg_attrs');
  if (!(all instanceof ArrayAttr)) return undefined;
  const d = all.elements[i];
  return d instanceof DictionaryAttr ? d : undefined;
}

export function setFuncArgAttr(func: Operation, i: number, name: string, value: Attribute): void {
  const nArgs = func.regions[0]?.entry?.args.length ?? 0;
  // A call may pass more operands than the callee takes (a declaration, or a call the verifier let through).
  if (i >= nArgs) return;
  const all = func.getAttr('arg_attrs');
  const dicts: DictionaryAttr[] = [];
  for (let k = 0; k < nArgs; k++) {
    const d = all instanceof ArrayAttr ? all.elements[k] : undefined;
    dicts.push(d instanceof DictionaryAttr ? d : DictionaryAttr.get([]));
  }
  const cur = dicts[i]!;
  dicts[i] = DictionaryAttr.get([...cur.entries.filter((e) => e.name !== name), { name, value }]);
  func.setAttr('arg_attrs', ArrayAttr.get(dicts));
}

// ---- pessimistic state ---------------------------------------------------------------------------------

/** AxisInfo::getPessimisticValueState. */
export function pessimisticValueState(value: Value): AxisInfo {
  let rank = 1;
  const t = value.type;
  if (t instanceof RankedTensorType) rank = t.rank;
  if (t instanceof PointerType && t.pointee instanceof RankedTensorType) rank = t.pointee.rank;
  let cont = fill(rank, 1n);
  let div = fill(rank, 1n);
  let cst = fill(rank, 1n);
  if (value instanceof BlockArgument) {
    const block = value.owner;
    const isEntry = block.parent?.blocks[0] === block;
    const op = block.parentOp;
    if (isEntry && op && isFunctionOp(op)) {
      const attrs = funcArgAttrs(op, value.index);
      cont = hintVector(attrs?.get('tt.contiguity'), rank) ?? cont;
      div = hintVector(attrs?.get('tt.divisibility'), rank) ?? div;
      cst = hintVector(attrs?.get('tt.constancy'), rank) ?? cst;
    }
  } else if (value instanceof OpResult) {
    const op = value.owner;
    div = hintVector(discardable(op, 'tt.divisibility'), rank) ?? div;
    cont = hintVector(discardable(op, 'tt.contiguity'), rank) ?? cont;
    cst = hintVector(discardable(op, 'tt.constancy'), rank) ?? cst;
  }
  return new AxisInfo(cont, div, cst);
}

function discardable(op: Operation, name: string): Attribute | undefined {
  if (op.isInherentAttr(name)) return undefined;
  return op.getAttr(name);
}

// ---- transfer functions ---------------------------------------------------------------------------

type Visitor = (op: Operation, operands: readonly AxisInfo[]) => AxisInfo;

const isContiguousDim = (info: AxisInfo, shape: readonly number[], d: number): boolean => info.cont(d) === BigInt(shape[d] ?? -1);
const isConstantDim = (info: AxisInfo, shape: readonly number[], d: number): boolean => info.cst(d) === BigInt(shape[d] ?? -1);

interface BinaryRules {
  contiguity?(op: Operation, l: AxisInfo, r: AxisInfo, d: number): bigint;
  divisibility?(op: Operation, l: AxisInfo, r: AxisInfo, d: number): bigint;
  constancy?(op: Operation, l: AxisInfo, r: AxisInfo, d: number): bigint;
  constant?(op: Operation, l: AxisInfo, r: AxisInfo): bigint | undefined;
}

/** BinaryOpVisitorImpl: a known constant result overrides the per-dim rules. */
function binary(rules: BinaryRules): Visitor {
  return (op, [l, r]) => {
    const lhs = l!;
    const rhs = r!;
    const rank = lhs.rank;
    const cv = rules.constant?.(op, lhs, rhs);
    if (cv !== undefined) return constantInfo(op, rank, cv);
    const c: bigint[] = [];
    const dv: bigint[] = [];
    const k: bigint[] = [];
    for (let d = 0; d < rank; d++) {
      c.push(rules.contiguity?.(op, lhs, rhs, d) ?? 1n);
      k.push(rules.constancy?.(op, lhs, rhs, d) ?? gcd(lhs.cst(d), rhs.cst(d)));
      dv.push(rules.divisibility?.(op, lhs, rhs, d) ?? 1n);
    }
    return new AxisInfo(c, dv, k);
  };
}

/** A known constant: constant along the whole result shape (all ones for scalars). */
function constantInfo(op: Operation, rank: number, cv: bigint): AxisInfo {
  const shape = resultShape(op);
  const k = shape ? shape.map((s) => BigInt(s)) : fill(rank, 1n);
  return new AxisInfo(fill(rank, 1n), fill(rank, highestPowOf2Divisor(cv)), k, cv);
}

const bothConst = (l: AxisInfo, r: AxisInfo): boolean => l.constantValue !== undefined && r.constantValue !== undefined;
const gcdConstancy = (_op: Operation, l: AxisInfo, r: AxisInfo, d: number): bigint => gcd(l.cst(d), r.cst(d));
const resultShape = (op: Operation): readonly number[] | undefined => {
  const t = op.results[0]?.type;
  return t instanceof RankedTensorType ? t.shape : undefined;
};

function addSub(kind: 'add' | 'sub' | 'addptr'): Visitor {
  // The pointee size in bytes of tt.addptr's pointer (only the addptr rules scale the offset by it).
  const elemSize = (op: Operation): bigint => BigInt(Math.max(1, Math.trunc(pointeeBitWidth(AddPtrOp.ptr(op).type) / 8)));
  return binary({
    contiguity: (_op, l, r, d) => (kind === 'sub' ? gcd(l.cont(d), r.cst(d)) : maxB(gcd(l.cst(d), r.cont(d)), gcd(l.cont(d), r.cst(d)))),
    divisibility: (op, l, r, d) => {
      let rd = r.div(d);
      if (kind === 'addptr') rd = multiplyDivisor(r.div(d), elemSize(op));
      return gcd(l.div(d), rd);
    },
    constancy: gcdConstancy,
    constant: (op, l, r) => {
      if (!bothConst(l, r)) return undefined;
      if (kind === 'add') return I64(l.constantValue! + r.constantValue!);
      if (kind === 'sub') return I64(l.constantValue! - r.constantValue!);
      return I64(l.constantValue! + I64(r.constantValue! * elemSize(op)));
    },
  });
}

const isOne = (x: AxisInfo): boolean => x.constantValue === 1n;

const mulI = binary({
  contiguity: (_op, l, r, d) => maxB(isOne(r) ? l.cont(d) : 1n, isOne(l) ? r.cont(d) : 1n),
  constancy: gcdConstancy,
  divisibility: (_op, l, r, d) => {
    let ld = l.div(d);
    if (l.cont(d) > 1n && !isOne(r)) ld = 1n;
    let rd = r.div(d);
    if (r.cont(d) > 1n && !isOne(l)) rd = 1n;
    return multiplyDivisor(ld, rd);
  },
  constant: (_op, l, r) => {
    if (bothConst(l, r)) return I64(l.constantValue! * r.constantValue!);
    if (l.constantValue === 0n || r.constantValue === 0n) return 0n;
    return undefined;
  },
});

const isPow2 = (x: bigint): boolean => x > 0n && (x & (x - 1n)) === 0n;

const divOp = binary({
  contiguity: (_op, l, r, d) => (isOne(r) ? l.cont(d) : 1n),
  constancy: (op, l, r, d) => {
    const shape = resultShape(op);
    if (!shape) return 1n;
    let k = gcd(l.cst(d), r.cst(d));
    if (isContiguousDim(l, shape, d) && isConstantDim(r, shape, d)) k = maxB(k, gcd(l.cont(d), l.div(d), r.div(d)));
    return k;
  },
  divisibility: (_op, l, r, d) => {
    if (l.constantValue === 0n) return l.div(d);
    if (isOne(r)) return l.div(d);
    if (r.constantValue !== undefined && isPow2(absBig(r.constantValue)) && l.cont(d) === 1n) {
      return maxB(1n, l.div(d) / absBig(r.constantValue));
    }
    return 1n;
  },
  constant: (_op, l, r) => (bothConst(l, r) && r.constantValue !== 0n ? I64(l.constantValue! / r.constantValue!) : undefined),
});

const remOp = binary({
  contiguity: (op, l, r, d) => {
    const shape = resultShape(op);
    if (!shape) return 1n;
    if (isContiguousDim(l, shape, d) && isConstantDim(r, shape, d)) return gcd(l.cont(d), l.div(d), r.div(d));
    return 1n;
  },
  divisibility: (_op, l, r, d) => (r.cst(d) > 1n ? gcd(l.div(d), r.div(d)) : 1n),
  constancy: (op, l, r, d) => {
    const shape = resultShape(op);
    if (!shape) return 1n;
    return isOne(r) ? BigInt(shape[d]!) : gcd(l.cst(d), r.cst(d));
  },
  constant: (_op, l, r) => {
    if (bothConst(l, r)) return r.constantValue === 0n ? undefined : I64(l.constantValue! % r.constantValue!);
    if (isOne(r)) return 0n;
    return undefined;
  },
});

function logical(f: (a: bigint, b: bigint) => bigint): Visitor {
  return binary({
    constancy: gcdConstancy,
    constant: (_op, l, r) => (bothConst(l, r) ? I64(f(l.constantValue!, r.constantValue!)) : undefined),
  });
}

const shl = binary({
  contiguity: (_op, l, r, d) => (r.constantValue === 0n ? l.cont(d) : 1n),
  divisibility: (_op, l, r, d) => {
    const shift = r.constantValue ?? 0n;
    let ld = l.div(d);
    if (l.cont(d) > 1n && shift !== 0n) ld = 1n;
    return multiplyDivisor(ld, I64(1n << BigInt.asUintN(6, shift)));
  },
  constancy: gcdConstancy,
  constant: (_op, l, r) => (bothConst(l, r) ? I64(l.constantValue! << BigInt.asUintN(6, r.constantValue!)) : undefined),
});

const shr = binary({
  contiguity: (_op, l, r, d) => (r.constantValue === 0n ? l.cont(d) : 1n),
  divisibility: (_op, l, r, d) => {
    if (r.constantValue === undefined) return 1n;
    const shift = r.constantValue;
    let ld = l.div(d);
    if (l.cont(d) > 1n && shift !== 0n) ld = 1n;
    return maxB(1n, ld / I64(1n << BigInt.asUintN(6, shift)));
  },
  constancy: gcdConstancy,
  constant: (_op, l, r) => (bothConst(l, r) ? I64(l.constantValue! >> BigInt.asUintN(6, r.constantValue!)) : undefined),
});

function maxMin(kind: 'max' | 'min'): Visitor {
  return (op, [l, r]) => {
    const lhs = l!;
    const rhs = r!;
    const rank = lhs.rank;
    if (bothConst(lhs, rhs)) {
      const cv = kind === 'max' ? maxB(lhs.constantValue!, rhs.constantValue!) : minB(lhs.constantValue!, rhs.constantValue!);
      return constantInfo(op, rank, cv);
    }
    const c: bigint[] = [];
    const dv: bigint[] = [];
    const k: bigint[] = [];
    for (let d = 0; d < rank; d++) {
      k.push(gcd(lhs.cst(d), rhs.cst(d)));
      dv.push(divisibilityFromContiguity(lhs, rhs, d));
      c.push(gcd(lhs.cont(d), rhs.cont(d)));
    }
    return new AxisInfo(c, dv, k);
  };
}

const cast: Visitor = (_op, [x]) => x!;

const makeRange: Visitor = (op) => {
  const start = BigInt.asUintN(32, BigInt(MakeRangeOp.start(op).value));
  const end = BigInt.asUintN(32, BigInt(MakeRangeOp.end(op).value));
  // highestPowOf2Divisor<uint32_t>: 0 gives 2^30.
  const div = start === 0n ? 1n << 30n : start & -start;
  return new AxisInfo([BigInt.asUintN(32, end - start)], [div], [1n]);
};

const poison: Visitor = (op) => {
  const t = op.result().type;
  const rank = t instanceof ShapedType ? t.rank : 1;
  return new AxisInfo(fill(rank, K_MAX_DIVISOR), fill(rank, K_MAX_DIVISOR), fill(rank, K_MAX_DIVISOR));
};

const constant: Visitor = (op) => {
  const v = op.getAttr('value');
  if (v instanceof IntegerAttr) {
    const value = zext(v);
    return new AxisInfo([1n], [highestPowOf2Divisor(value)], [1n], value);
  }
  if (v instanceof DenseElementsAttr && v.isSplat) {
    const el = v.type.elementType;
    if (el instanceof IntegerType || el instanceof IndexType) {
      const value = I64(BigInt.asUintN(bitsOf(el), BigInt(v.splatValue())));
      const rank = v.type.rank;
      return new AxisInfo(fill(rank, 1n), fill(rank, highestPowOf2Divisor(value)), v.type.shape.map((s) => BigInt(s)), value);
    }
  }
  return AxisInfo.UNINITIALIZED;
};

const splat: Visitor = (op, [x]) => {
  const shape = shapeOf(op.result().type);
  return new AxisInfo(
    shape.map(() => 1n),
    shape.map(() => x!.div(0)),
    shape.map((s) => BigInt(s)),
    x!.constantValue,
  );
};

const load: Visitor = (_op, operands) => {
  const ptr = operands[0]!;
  const mask = operands.length > 1 ? operands[1] : undefined;
  const c: bigint[] = [];
  const dv: bigint[] = [];
  const k: bigint[] = [];
  for (let d = 0; d < ptr.rank; d++) {
    c.push(1n);
    dv.push(1n);
    k.push(gcd(ptr.cst(d), mask ? mask.cst(d) : 0n));
  }
  return new AxisInfo(c, dv, k);
};

const expandDims: Visitor = (op, [x]) => {
  const info = x!;
  const axis = Number(ExpandDimsOp.axis(op).value);
  const c = [...info.contiguity];
  const dv = [...info.divisibility];
  const k = [...info.constancy];
  let nd = 1n;
  if (info.constantValue !== undefined) nd = highestPowOf2Divisor(info.constantValue);
  else if (info.rank) {
    nd = info.cont(0) > 1n ? 1n : info.div(0);
    for (let d = 1; d < info.rank; d++) nd = gcd(nd, info.cont(d) > 1n ? 1n : info.div(d));
  }
  c.splice(axis, 0, 1n);
  dv.splice(axis, 0, nd);
  k.splice(axis, 0, 1n);
  return new AxisInfo(c, dv, k, info.constantValue);
};

const broadcast: Visitor = (op, [x]) => {
  const info = x!;
  const retShape = shapeOf(op.result().type);
  const opShape = shapeOf(BroadcastOp.src(op).type);
  const c: bigint[] = [];
  const dv: bigint[] = [];
  const k: bigint[] = [];
  for (let d = 0; d < retShape.length; d++) {
    c.push(opShape[d] === 1 ? 1n : info.cont(d));
    dv.push(info.div(d));
    k.push(opShape[d] === 1 ? BigInt(retShape[d]!) : info.cst(d));
  }
  return new AxisInfo(c, dv, k, info.constantValue);
};

/** arith.cmpi predicates in MLIR's enum order. */
const CMP_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const;

function comparePredicate(pred: string, l: bigint, r: bigint): boolean {
  const ul = BigInt.asUintN(64, l);
  const ur = BigInt.asUintN(64, r);
  switch (pred) {
    case 'eq':
      return l === r;
    case 'ne':
      return l !== r;
    case 'slt':
      return l < r;
    case 'sle':
      return l <= r;
    case 'sgt':
      return l > r;
    case 'sge':
      return l >= r;
    case 'ult':
      return ul < ur;
    case 'ule':
      return ul <= ur;
    case 'ugt':
      return ul > ur;
    default:
      return ul >= ur;
  }
}

const cmpi: Visitor = (op, [l, r]) => {
  const shape = resultShape(op);
  if (!shape) return AxisInfo.UNINITIALIZED;
  const lhs = l!;
  const rhs = r!;
  const predAttr = op.getAttr('predicate');
  const pred = CMP_PREDICATES[predAttr instanceof IntegerAttr ? Number(predAttr.value) : 0] ?? 'eq';
  const c: bigint[] = [];
  const dv: bigint[] = [];
  const k: bigint[] = [];
  let cv: bigint | undefined;
  for (let d = 0; d < shape.length; d++) {
    let hint = 1n;
    if (bothConst(lhs, rhs)) {
      hint = BigInt(shape[d]!);
      cv = comparePredicate(pred, lhs.constantValue!, rhs.constantValue!) ? 1n : 0n;
    } else {
      hint = gcd(lhs.cst(d), rhs.cst(d));
      const gt = pred === 'sgt' || pred === 'ugt';
      const le = pred === 'sle' || pred === 'ule';
      const lt = pred === 'slt' || pred === 'ult';
      const ge = pred === 'sge' || pred === 'uge';
      if ((gt || le) && isConstantDim(lhs, shape, d)) {
        hint = maxB(hint, gcd(rhs.cont(d), lhs.div(d), rhs.div(d)));
      } else if ((lt || ge) && isConstantDim(rhs, shape, d)) {
        hint = maxB(hint, gcd(lhs.cont(d), lhs.div(d), rhs.div(d)));
      }
    }
    k.push(hint);
    dv.push(1n);
    c.push(1n);
  }
  return new AxisInfo(c, dv, k, cv);
};

const select: Visitor = (op, [cond, l, r]) => {
  const condInfo = cond!;
  const lhs = l!;
  const rhs = r!;
  if (condInfo.constantValue !== undefined) {
    const pick = condInfo.constantValue === 0n ? rhs : lhs;
    return new AxisInfo(pick.contiguity, pick.divisibility, pick.constancy, pick.constantValue);
  }
  const i1Cond = SelectOp.condition(op).type instanceof IntegerType;
  const c: bigint[] = [];
  const dv: bigint[] = [];
  const k: bigint[] = [];
  for (let d = 0; d < lhs.rank; d++) {
    if (i1Cond) {
      k.push(gcd(lhs.cst(d), rhs.cst(d)));
      dv.push(divisibilityFromContiguity(lhs, rhs, d));
      c.push(gcd(lhs.cont(d), rhs.cont(d)));
    } else {
      k.push(gcd(lhs.cst(d), rhs.cst(d), condInfo.cst(d)));
      c.push(gcd(lhs.cont(d), rhs.cont(d), condInfo.cst(d)));
      dv.push(divisibilityFromContiguity(lhs, rhs, d));
    }
  }
  const cv = lhs.constantValue !== undefined && lhs.constantValue === rhs.constantValue ? lhs.constantValue : undefined;
  if (cv !== undefined) {
    const shape = resultShape(op);
    return new AxisInfo(c, dv, shape ? shape.map((x) => BigInt(x)) : fill(lhs.rank, 1n), cv);
  }
  return new AxisInfo(c, dv, k);
};

const trans: Visitor = (op, [x]) => {
  const src = x!;
  const order = TransOp.order(op).values;
  const c: bigint[] = [];
  const dv: bigint[] = [];
  const k: bigint[] = [];
  for (let d = 0; d < src.rank; d++) {
    const s = order[d] ?? d;
    c.push(src.cont(s));
    dv.push(src.div(s));
    k.push(src.cst(s));
  }
  return new AxisInfo(c, dv, k, src.constantValue);
};

/** unrealized_conversion_cast forwards its operand's info unless the rank changes. */
const unrealizedCast: Visitor = (op, [x]) => {
  const t = op.result().type;
  if (t instanceof RankedTensorType && t.rank !== x!.rank) return pessimisticValueState(op.result());
  return x!;
};

/** The visitors by op name (AxisInfoAnalysis's visitor list); ops without one get the pessimistic state. */
const VISITORS: Record<string, Visitor> = {
  'arith.extsi': cast,
  'arith.extui': cast,
  'arith.trunci': cast,
  'ttg.convert_layout': cast,
  'builtin.unrealized_conversion_cast': unrealizedCast,
  'tt.bitcast': cast,
  'gluon.set_auto_layout': cast,
  'tt.make_range': makeRange,
  'ub.poison': poison,
  'arith.constant': constant,
  'tt.addptr': addSub('addptr'),
  'arith.addi': addSub('add'),
  'arith.subi': addSub('sub'),
  'arith.muli': mulI,
  'arith.divsi': divOp,
  'arith.divui': divOp,
  'arith.remsi': remOp,
  'arith.remui': remOp,
  'tt.broadcast': broadcast,
  'tt.splat': splat,
  'tt.expand_dims': expandDims,
  'arith.cmpi': cmpi,
  'arith.andi': logical((a, b) => a & b),
  'arith.ori': logical((a, b) => a | b),
  'arith.xori': logical((a, b) => a ^ b),
  'arith.select': select,
  'arith.shli': shl,
  'arith.shrui': shr,
  'arith.shrsi': shr,
  'arith.maxsi': maxMin('max'),
  'arith.maxui': maxMin('max'),
  'arith.minsi': maxMin('min'),
  'arith.minui': maxMin('min'),
  'tt.load': load,
  'tt.trans': trans,
};

/** Extra visitors (Triton's AxisInfo callback hook); consulted for ops the built-in visitors do not handle. */
export type AxisInfoVisitorHook = (op: Operation, operands: readonly AxisInfo[]) => AxisInfo | undefined;

// ---- the dataflow solver (one function) --------------------------------------------------------------

const AXIS_INFO_LATTICE: LatticeSpec<AxisInfo> = {
  uninitialized: AxisInfo.UNINITIALIZED,
  join: (a, b) => AxisInfo.join(a, b),
  equals: (a, b) => a.equals(b),
};

/**
 * Region-branch ops without a registered model that AxisInfo still follows: an index_switch's cases all yield
 * to its results; a warp_specialize's default region yields to its results (its partitions read the explicit
 * captures, see visitBlock).
 */
const FALLBACK_MODELS: Record<string, RegionBranchModel> = {
  'scf.index_switch': {
    entrySuccessors: (op) => op.regions.map((region) => ({ region, operands: [] })),
    terminatorSuccessors: (_op, term) => [{ region: undefined, operands: term.operandValues }],
    regionInputs: (_op, r) => r.blocks[0]?.args ?? [],
  },
  'ttg.warp_specialize': {
    entrySuccessors: (op) => (op.regions[0] ? [{ region: op.regions[0], operands: [] }] : []),
    terminatorSuccessors: (op, term) => (term.parent?.parent === op.regions[0] ? [{ region: undefined, operands: term.operandValues }] : []),
    regionInputs: (_op, r) => r.blocks[0]?.args ?? [],
  },
};

function regionModel(op: Operation): RegionBranchModel | undefined {
  return getRegionBranchModel(op) ?? FALLBACK_MODELS[op.name];
}

/** The constant an operand is defined by, when its defining op is a constant (DeadCodeAnalysis's view here). */
function definingConstant(v: Value): Attribute | undefined {
  const def = v.definingOp;
  if (!def) return undefined;
  if (ConstantOp.is(def) || LLVMConstantOp.is(def)) return def.getAttr('value');
  return undefined;
}

/** The solver for one function, on the shared sparse forward framework. */
class FunctionSolver extends SparseForwardSolver<AxisInfo> {
  /** Region ops whose regions have become executable. */
  private readonly activated = new Set<Operation>();

  constructor(
    private readonly func: Operation,
    private readonly hook: AxisInfoVisitorHook | undefined,
  ) {
    super(AXIS_INFO_LATTICE);
  }

  private setToEntryState(v: Value): void {
    this.join(v, pessimisticValueState(v));
  }

  /** Ops outside any block (none in a function) count as live. */
  private isLiveOrTop(block: Block | undefined): boolean {
    return block === undefined || this.live.has(block);
  }

  // ---- running ------------------------------------------------------------------------------------

  run(): void {
    const body = this.func.regions[0];
    if (!body || body.empty) return;
    const entry = body.blocks[0]!;
    for (const a of entry.args) this.setToEntryState(a);
    // Initialization: live blocks visited in pre-order; regions of region-branch ops become live later,
    // ahead of the visits the initialization queued (as MLIR's solver initializes, then runs its worklist).
    this.live.add(entry);
    const deferred: Operation[] = [];
    this.initBlock(entry, deferred);
    const initPoints = this.takeQueued();
    for (const op of deferred) this.enqueue(this.activatePoint(op));
    for (const p of initPoints) this.enqueue(p);
    this.solve();
  }

  /** Initialization of a live block: its arguments, then each op (non-branch regions inline). */
  private initBlock(block: Block, deferred: Operation[]): void {
    this.visitBlock(block);
    for (const op of block.ops) {
      this.visitOperation(op);
      if (!op.regions.length) continue;
      if (isRegionBranch(op)) {
        deferred.push(op);
        continue;
      }
      for (const r of op.regions) {
        const e = r.blocks[0];
        if (!e) continue;
        this.live.add(e);
        this.initBlock(e, deferred);
      }
    }
  }

  /** A region op's regions become live (DeadCodeAnalysis resolved it). */
  protected override activate(op: Operation): void {
    if (this.activated.has(op)) return;
    this.activated.add(op);
    for (const r of this.liveRegions(op)) {
      const e = r.blocks[0];
      if (e) this.markLive(e);
    }
    if (isRegionBranch(op)) this.enqueue(this.opPoint(op));
  }

  /**
   * The regions control can enter: all, less those the op's model would enter on unknown operands but not on
   * the constants its operands are defined by (an scf.if on a constant enters one branch).
   */
  private liveRegions(op: Operation): Operation['regions'] {
    const model = regionModel(op);
    if (!model) return op.regions;
    const consts = op.operandValues.map(definingConstant);
    if (consts.every((c) => c === undefined)) return op.regions;
    const entered = new Set(model.entrySuccessors(op, consts).map((s) => s.region));
    const dead = model.entrySuccessors(op, []).filter((s) => s.region && !entered.has(s.region)).map((s) => s.region);
    return op.regions.filter((r) => !dead.includes(r));
  }

  // ---- visits ----------------------------------------------------------------------------------------

  protected visitOperation(op: Operation): void {
    // DeadCodeAnalysis: the successors of a live branch are live (only the taken one for a constant condition).
    if (op.successors.length && this.isLiveOrTop(op.parent)) {
      for (const i of takenSuccessors(op, op.operandValues.map(definingConstant))) this.markLive(op.successors[i]);
    }
    if (op.results.length === 0) return;
    if (!this.isLiveOrTop(op.parent)) return;
    if (isRegionBranch(op)) return this.visitBranchResults(op);
    if (isCall(op)) {
      for (const r of op.results) this.setToEntryState(r);
      return;
    }
    // Operands not yet ready: the op is visited again once they are.
    for (const o of op.operands) if (this.get(o.value).rank === 0) return;
    const operands = op.operandValues.map((v) => this.get(v));
    const visitor = VISITORS[op.name];
    const curr = (visitor ? visitor(op, operands) : this.hook?.(op, operands)) ?? AxisInfo.UNINITIALIZED;
    if (curr.rank === 0) {
      for (const r of op.results) this.setToEntryState(r);
      return;
    }
    const c = hintVector(discardable(op, 'tt.contiguity'), curr.contiguity.length) ?? [...curr.contiguity];
    const d = hintVector(discardable(op, 'tt.divisibility'), curr.divisibility.length) ?? [...curr.divisibility];
    const k = hintVector(discardable(op, 'tt.constancy'), curr.constancy.length) ?? [...curr.constancy];
    const info = new AxisInfo(c, d, k, curr.constantValue);
    for (const r of op.results) this.join(r, info);
  }

  /** The point after a region-branch op: its results join what its entry and live terminators forward. */
  private visitBranchResults(op: Operation): void {
    const model = regionModel(op);
    if (!model || !this.activated.has(op)) return;
    const point = this.opPoint(op);
    for (const edge of regionEdgesInto(op, model, undefined, (b) => this.live.has(b))) {
      edge.operands.forEach((v, i) => {
        const r = op.results[i];
        if (r) this.join(r, this.dependOn(v, point));
      });
    }
  }

  protected override visitBlock(block: Block): void {
    if (block.args.length === 0) return;
    if (!this.live.has(block)) return;
    const parent = block.parentOp;
    const region = block.parent;
    const isEntry = region?.blocks[0] === block;
    if (!parent || !region) return;
    if (isEntry) {
      if (isCallable(parent)) {
        for (const a of block.args) this.setToEntryState(a);
        return;
      }
      const model = isRegionBranch(parent) ? regionModel(parent) : undefined;
      if (model) return this.visitRegionEntryArgs(parent, model, region, block);
      if (WarpSpecializePartitionsOp.is(parent)) {
        // Partition arguments are the explicit captures of the warp_specialize op.
        const point = this.blockPoint(block);
        const captures = parent.operands.length ? parent.operandValues : (parent.parentOp?.operandValues ?? []);
        captures.forEach((v, i) => {
          const a = block.args[i];
          if (a) this.join(a, this.dependOn(v, point));
        });
        return;
      }
      for (const a of block.args) this.setToEntryState(a);
      return;
    }
    // A CFG block: join the operands its predecessors' branches forward.
    const point = this.blockPoint(block);
    for (const pred of region.blocks) {
      const term = pred.terminator;
      if (!term) continue;
      for (let s = 0; s < term.successors.length; s++) {
        if (term.successors[s] !== block) continue;
        const forwarded = successorOperandValues(term, s);
        if (!forwarded) {
          for (const a of block.args) this.setToEntryState(a);
          return;
        }
        forwarded.forEach((v, i) => {
          const a = block.args[i];
          if (a) this.join(a, this.dependOn(v, point));
        });
      }
    }
  }

  /** The entry arguments of a region-branch op's region: what the op and its terminators forward into it. */
  private visitRegionEntryArgs(op: Operation, model: RegionBranchModel, region: Region, block: Block): void {
    const point = this.blockPoint(block);
    const inputs = model.regionInputs(op, region);
    const firstIndex = block.args.length - inputs.length;
    for (const edge of regionEdgesInto(op, model, region, (b) => this.live.has(b))) {
      if (edge.operands.length !== block.args.length) this.visitNonControlFlowArguments(op, block, firstIndex, edge.operands.length);
      edge.operands.forEach((v, i) => {
        const a = block.args[firstIndex + i];
        if (a) this.join(a, this.dependOn(v, point));
      });
    }
  }

  /** Block arguments no edge feeds: the scf.for induction variable, or the pessimistic state. */
  private visitNonControlFlowArguments(op: Operation, block: Block, firstIndex: number, numInputs: number): void {
    if (ForOp.is(op)) {
      const after = this.opPoint(op);
      const lb = this.dependOn(ForOp.lowerBound(op), after);
      const step = this.dependOn(ForOp.step(op), after);
      if (lb.rank === 0 || step.rank === 0) return;
      this.joinSilently(block.args[0]!, new AxisInfo([1n], [gcd(lb.div(0), step.div(0))], [1n]));
      return;
    }
    block.args.forEach((a, i) => {
      if (i < firstIndex || i >= firstIndex + numInputs) this.setToEntryState(a);
    });
  }
}

// ---- module level ---------------------------------------------------------------------------------

/**
 * ModuleAxisInfoAnalysis: runs the analysis on every function, callers before callees; each call site
 * narrows the callee's argument hints (`tt.contiguity`/`tt.divisibility`/`tt.constancy`, as i64 attributes
 * written on the callee, like Triton) to the gcd over all its callers.
 */
export class ModuleAxisInfoAnalysis {
  private readonly infos = new Map<Value, AxisInfo>();

  constructor(
    readonly module: Operation,
    hook?: AxisInfoVisitorHook,
  ) {
    const graph = new CallGraph(module);
    for (const f of graph.callersFirst()) {
      const solver = new FunctionSolver(f, hook);
      solver.run();
      const record = (v: Value): void => {
        const info = solver.get(v);
        // Values the analysis could not reach get the pessimistic state.
        this.infos.set(v, info.rank === 0 ? pessimisticValueState(v) : info);
      };
      f.walk((op) => {
        if (op !== f) op.results.forEach(record);
      });
      f.walk((op) => {
        for (const r of op.regions) for (const b of r.blocks) b.args.forEach(record);
      });
      f.walk((op) => {
        if (!isCall(op)) return;
        const callee = graph.resolve(op);
        if (callee) this.updateCallee(op, callee);
      });
    }
  }

  private updateCallee(call: Operation, callee: Operation): void {
    call.operandValues.forEach((v, i) => {
      const info = this.infos.get(v) ?? AxisInfo.UNINITIALIZED;
      // Only scalar arguments are forwarded.
      if (info.rank !== 1) return;
      const set = (name: string, prev: bigint): void => {
        const cur = funcArgAttrs(callee, i)?.get(name);
        const curV = cur instanceof IntegerAttr ? cur.value : K_MAX_DIVISOR;
        setFuncArgAttr(callee, i, name, IntegerAttr.get(IntegerType.get(64), gcd(prev, curV)));
      };
      set('tt.contiguity', info.contiguity[0] ?? 0n);
      set('tt.divisibility', info.divisibility[0] ?? 0n);
      set('tt.constancy', info.constancy[0] ?? 0n);
    });
  }

  /** The analysis result of a value (undefined for values outside any function). */
  getAxisInfo(v: Value): AxisInfo | undefined {
    return this.infos.get(v);
  }

  /**
   * How many consecutive elements along the layout's fastest dim `order0` can be accessed together through
   * a tensor of pointers/offsets with `elementBitWidth`-bit elements (ModuleAxisInfoAnalysis::getAlignment).
   */
  getAlignment(v: Value, order0: number, elementBitWidth?: number): number {
    const t = v.type;
    if (!(t instanceof RankedTensorType)) return 1;
    const info = this.getAxisInfo(v);
    if (!info) return 1;
    const bits = elementBitWidth ?? pointeeBitWidth(t);
    const divisibility = info.div(order0);
    const elemNumBytes = BigInt(Math.max(Math.trunc(bits / 8), 1));
    const maxMultiple = t.elementType instanceof PointerType ? maxB(divisibility / elemNumBytes, 1n) : divisibility;
    const maxContig = info.cont(order0);
    return Number(minB(maxMultiple, maxContig));
  }

  /**
   * getContiguity: the vector width of a memory access, the alignment bounded by the elements each thread
   * holds contiguously along `order0` (`contigPerThread`, from the layout).
   */
  getContiguity(v: Value, order0: number, contigPerThread: number, elementBitWidth?: number): number {
    if (!(v.type instanceof RankedTensorType)) return 1;
    return Math.min(this.getAlignment(v, order0, elementBitWidth), contigPerThread);
  }

  /** getMaskAlignment: how many consecutive mask bits along `order0` are equal. */
  getMaskAlignment(mask: Value, order0: number): number {
    if (!(mask.type instanceof RankedTensorType)) return 1;
    const info = this.getAxisInfo(mask);
    if (!info) return 1;
    return Math.max(info.getConstancy(order0), 1);
  }
}

export { VISITORS as AXIS_INFO_VISITORS };
export type { Visitor as AxisInfoVisitor };
