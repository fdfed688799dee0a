/**
 * `--tritongpu-remove-layout-conversions` (Triton 3.6's RemoveLayoutConversions.cpp).
 *
 * Design, in linear-layout vocabulary. A `ttg.convert_layout` moves data between two distributed layouts. It
 * is free when `dst⁻¹ ∘ src` (toLinearLayout(dst).invertAndCompose(toLinearLayout(src)), quotiented by the
 * common block/warp/lane in-dims) only acts on `register` (`cvtReordersRegisters`); it is trivial when both
 * linear layouts are equal; and it disappears when the producer of its source can compute the destination
 * layout directly. The pass runs, per `tt.func`:
 *
 * 1. Forward propagation (`LayoutPropagation`). Anchors keep their layout: function arguments, expensive
 *    loads/stores (more elements than threads), descriptor ops, dots, atomics, tmem loads, gathers with an
 *    efficient layout, reordering reshapes. Each anchor's encoding flows to its users through every op whose
 *    result encoding is a function of its operand encoding (`inferDstEncoding`: elementwise and
 *    SameOperandsAndResultEncoding ops, reduce → slice, expand_dims ← slice, trans/reshape/join/split answered
 *    by the transformed linear layout — permuted bases, row-major reshaped out-dims, a register bit added or
 *    removed on the last dim — with Triton's blocked closed forms kept when they exist, `#ttg.linear`
 *    otherwise), through scf.for/if/while and warp_group_dot_wait, and through converts, whose result takes
 *    the source encoding. A value reached by several encodings keeps one (an MMA layout for compute, a
 *    blocked one for memory ops, else the first reached); the IR is rewritten in place, with a convert where
 *    a use needs the old encoding.
 * 2. The `ttg.convert_layout` canonicalizations (dialect/ttg/canonicalize.ts) fold trivial converts and
 *    converts of producers that can make any layout (constants, splat, make_range, converts, local_load...).
 * 3. Backward rematerialization (`LayoutRematerialization`), swept to a fixed point with a canonicalization
 *    after each sweep: for each convert (not to a dot operand), the backward slice of its source
 *    (`getConvertBackwardSlice`: every value with the encoding it must get, through ops with an
 *    `inferSrcEncoding`, free converts, scf.if results and loop-carried arguments; failing on a value that
 *    would need two encodings) is recomputed in the destination layout, if every op can be rematerialized
 *    (no expensive loads, dots, atomics, while loops) and the cost model agrees: the convert costs
 *    32 × its bytes (at least 32 elements of 32 bits), the ops of the slice that stay alive cost their
 *    bytes (×8 for expensive math, ×8 for loads), reductions their unique lanes + 8 × unique warps, and a
 *    non-associative float reduction that stays alive forbids it. Existing rematerializations that dominate
 *    the use are reused.
 * 4. Hoisting: a convert is moved above the single extension/broadcast/expand_dims of its slice (the rest of
 *    the slice being rematerialized; a branch that would need another encoding for an already-assigned
 *    value stops there), into the branch of an `scf.if` (inside a loop) that cannot be rematerialized, and
 *    a dot-operand convert next to its loads through data-movement-free ops when a dot post-dominates it.
 * 5. Cleanup: dead loop-carried values, scf.for/scf.if and convert canonicalization (MLIR's default greedy
 *    configuration: bottom-up seeding, aggressive region simplification).
 */
import type { Attribute } from '../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../dialect/ir/builder.js';
import { createOperation } from '../dialect/ir/create.js';
import { BlockArgument, OpResult, Operation, type OpOperand, type Value } from '../dialect/ir/ir.js';
import { RankedTensorType, FloatType, IntegerType, type Type } from '../dialect/ir/type.js';
import { isMemoryEffectFree } from '../dialect/ir/traits.js';
import { BlockedEncodingAttr, DotOperandEncodingAttr, MmaEncodingAttr } from '../dialect/ttg/attrs/index.js';
import { CONVERT_LAYOUT_CANONICALIZATIONS } from '../dialect/ttg/canonicalize.js';
import '../dialect/ttg/canonicalize.js';
import { registerPass } from './pass.js';
import { applyCleanupUnlessConverged } from './remove-layout-conversions/converged-cleanup.js';
import type { RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import { valueDominates } from '../dialect/ir/rewrite/dominance.js';
import { FOR_OP_DEAD_ARG_ELIMINATION } from './remove-layout-conversions/scf-cleanup.js';
import { isConstantOnlySlice } from './remove-layout-conversions/constant-slice.js';
import { SCF_FOR_PATTERNS, SCF_IF_PATTERNS } from '../dialect/scf/canonicalize.js';
import {
  SetVector,
  canUseResultEncoding,
  cvtReordersRegisters,
  encodingOf,
  getConvertBackwardSlice,
  ifElseYield,
  ifThenYield,
  inferDstEncoding,
  inferSrcEncoding,
  isExpensiveLoadOrStore,
  tensorTypeOf,
  unitAttrOf,
} from '../dialect/ttg/utils/layout-utils.js';
import { productOf } from '../dialect/ttg/utils/layout.js';
import { getContigPerThread, getThreadsPerWarp, getWarpsPerCTA } from '../dialect/ttg/layout-queries.js';
import { AssertOp, AtomicCASOp, AtomicRMWOp, BroadcastOp, DescriptorLoadOp, DotOp, DotScaledOp, ExpandDimsOp, FpToFpOp, FuncOp, GatherOp, JoinOp, LoadOp, ReduceOp, ReshapeOp, SplitOp, StoreOp, TransOp } from '../dialect/tt/ops.js';
import { ConditionOp, ForOp, IfOp, WhileOp, YieldOp } from '../dialect/scf/ops.js';
import { TMEMLoadOp, WarpGroupDotOp, WarpGroupDotWaitOp } from '../dialect/ttng/ops.js';
import { AddFOp, ConstantOp, DivFOp, ExtFOp, ExtSIOp, ExtUIOp, MulFOp } from '../dialect/arith/ops.js';
import { isAnyOf } from '../dialect/ir/op-handle.js';
import { OneOperand } from '../dialect/ir/operand-traits.js';
import { ConvertLayoutOp, Fp4ToFpOp, LocalLoadOp, MemDescIndexOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescTransOp } from '../dialect/ttg/ops.js';
import { AcosOp, AcoshOp, AsinOp, AsinhOp, Atan2Op, AtanOp, AtanhOp, CbrtOp, CosOp, CoshOp, CountLeadingZerosOp, CountTrailingZerosOp, CtPopOp, ErfOp, ErfcOp, Exp2Op, ExpM1Op, ExpOp, Log10Op, Log1pOp, Log2Op, LogOp, PowFOp, RsqrtOp, SinOp, SinhOp, SqrtOp, TanOp, TanhOp } from '../dialect/math/ops.js';

/** Options for behaviours whose Triton 3.6 form is uncertain (kept switchable for conformance work). */
export const REMAT_OPTIONS = {
  /** Backward rematerialization is gated by the remat cost model. */
  costModel: true,
  /** Backward rematerialization sweeps until nothing changes. */
  iterate: true,
  /** The convert cost treats register permutations as free. */
  freeConvertCost: false,
};

// ---------------------------------------------------------------------------------------------------
// Small IR helpers

function setEncoding(t: RankedTensorType, enc: Attribute): RankedTensorType {
  return t.withEncoding(enc);
}

function createConvert(b: Builder, src: Value, enc: Attribute, loc = src.definingOp?.loc): Value {
  const t = tensorTypeOf(src)!;
  return b.create({ name: ConvertLayoutOp.opName, operands: [src], resultTypes: [setEncoding(t, enc)], ...(loc ? { loc } : {}) }).result(0);
}

function insertionAfterValue(b: Builder, v: Value): void {
  b.setInsertionPointAfterValue(v);
}

function forInitOperands(forOp: Operation): OpOperand[] {
  return forOp.operands.slice(3);
}

function forIterArgs(forOp: Operation): BlockArgument[] {
  return forOp.region(0).entry!.args.slice(1);
}

function isAnchorOp(op: Operation): boolean {
  if (LoadOp.is(op) || StoreOp.is(op)) return isExpensiveLoadOrStore(op);
  if (op.hasTrait('DescriptorOpInterface')) return true;
  if (isAnyOf(op, [DotOp, DotScaledOp, WarpGroupDotOp, AtomicRMWOp, AtomicCASOp, TMEMLoadOp])) return true;
  if (GatherOp.is(op)) return unitAttrOf(op, 'efficient_layout');
  if (ReshapeOp.is(op)) return unitAttrOf(op, 'allow_reorder');
  return false;
}

const SHAPE_OPS = [ReduceOp, ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp, ConvertLayoutOp];

function propagatesThrough(op: Operation): boolean {
  return op.hasTrait('SameOperandsAndResultEncoding') || op.hasTrait('Elementwise') || isAnyOf(op, SHAPE_OPS);
}

/** Walks `root` post-order (MLIR's default walk). */
function walkPost(root: Operation, fn: (op: Operation) => void): void {
  root.walkPostOrder(fn);
}

function funcsOf(module: Operation): Operation[] {
  const out: Operation[] = [];
  walkPost(module, (op) => {
    if (FuncOp.is(op)) out.push(op);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 1. Forward propagation

class LayoutPropagation {
  /** Candidate encodings of each value (insertion-ordered, as MapVector / SetVector). */
  private readonly layouts = new Map<Value, SetVector<Attribute>>();
  private readonly originalEncodings = new Map<Value, Attribute | undefined>();
  private readonly b = new Builder();

  constructor(private readonly func: Operation) {}

  private info(v: Value): SetVector<Attribute> {
    let s = this.layouts.get(v);
    if (!s) this.layouts.set(v, (s = new SetVector()));
    return s;
  }

  initAnchorLayout(): void {
    const add = (v: Value): void => {
      const t = tensorTypeOf(v);
      if (!t) return;
      if (!this.layouts.has(v)) this.layouts.set(v, new SetVector(t.encoding ? [t.encoding] : []));
    };
    for (const a of this.func.region(0).entry?.args ?? []) add(a);
    walkPost(this.func, (op) => {
      if (op !== this.func && isAnchorOp(op)) for (const r of op.results) add(r);
    });
  }

  private setEncoding(values: readonly Value[], info: SetVector<Attribute>, changed: Value[], op: Operation): void {
    for (const v of values) {
      if (!(v.type instanceof RankedTensorType)) continue;
      let hasChanged = false;
      for (const enc of info) {
        const dst = ConvertLayoutOp.is(op) ? enc : inferDstEncoding(op, enc);
        if (dst) hasChanged = this.info(v).insert(dst) || hasChanged;
      }
      if (hasChanged) changed.push(v);
    }
  }

  private propagateToUsers(value: Value, info: SetVector<Attribute>): Value[] {
    const changed: Value[] = [];
    for (const use of [...value.uses]) {
      const user = use.owner;
      if (ForOp.is(user)) {
        const i = use.index - 3;
        if (i < 0) continue;
        this.setEncoding([forIterArgs(user)[i]!, user.result(i)], info, changed, user);
        continue;
      }
      if (WhileOp.is(user)) {
        this.setEncoding([user.region(0).entry!.args[use.index]!], info, changed, user);
        continue;
      }
      if (YieldOp.is(user)) {
        const parent = user.parentOp!;
        const vals: Value[] = [];
        if (ForOp.is(parent) || IfOp.is(parent)) vals.push(parent.result(use.index));
        if (ForOp.is(parent)) vals.push(forIterArgs(parent)[use.index]!);
        if (WhileOp.is(parent)) vals.push(parent.region(0).entry!.args[use.index]!);
        if (isAnyOf(parent, [ForOp, IfOp, WhileOp])) this.setEncoding(vals, info, changed, user);
        continue;
      }
      if (ConditionOp.is(user)) {
        const w = user.parentOp!;
        const idx = use.index - 1;
        if (idx < 0) continue;
        this.setEncoding([w.region(1).entry!.args[idx]!, w.result(idx)], info, changed, user);
        continue;
      }
      if (WarpGroupDotWaitOp.is(user)) {
        this.setEncoding([user.result(use.index)], info, changed, user);
        continue;
      }
      if (GatherOp.is(user)) {
        if (!unitAttrOf(user, 'efficient_layout') && use.index === 1) {
          this.setEncoding([user.result(0)], info, changed, user);
          continue;
        }
      }
      if (propagatesThrough(user)) {
        this.setEncoding(user.results, info, changed, user);
      }
    }
    return changed;
  }

  propagateLayout(): void {
    const queue: Value[] = [...this.layouts.keys()];
    while (queue.length) {
      const v = queue.pop()!;
      const info = this.info(v).clone();
      queue.push(...this.propagateToUsers(v, info));
    }
  }

  resolveConflicts(): void {
    for (const [v, info] of this.layouts) {
      if (info.size <= 1) continue;
      const op = v.definingOp;
      let enc = info.at(0);
      const isLoadOrStore = !!op && isAnyOf(op, [LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp]);
      for (const e of info) {
        if ((isLoadOrStore && e instanceof BlockedEncodingAttr) || (!isLoadOrStore && e instanceof MmaEncodingAttr)) {
          enc = e;
          break;
        }
      }
      this.layouts.set(v, new SetVector([enc]));
    }
  }

  private picked(v: Value): Attribute | undefined {
    const s = this.layouts.get(v);
    return s && s.size > 0 ? s.at(0) : undefined;
  }

  private encodingBeforeRewrite(v: Value): Attribute | undefined {
    if (this.originalEncodings.has(v)) return this.originalEncodings.get(v);
    return encodingOf(v);
  }

  private setEncodingInPlace(v: Value, enc: Attribute): void {
    const t = v.type as RankedTensorType;
    if (!this.originalEncodings.has(v)) this.originalEncodings.set(v, t.encoding);
    v.type = t.withEncoding(enc);
  }

  private getValueAs(v: Value, enc: Attribute | undefined): Value {
    const t = tensorTypeOf(v);
    if (!t || !enc || t.encoding === enc) return v;
    insertionAfterValue(this.b, v);
    return this.b.create({ name: ConvertLayoutOp.opName, operands: [v], resultTypes: [t.withEncoding(enc)], loc: locOfValue(v) }).result(0);
  }

  rewrite(): void {
    const queue = [this.func.region(0)];
    while (queue.length) {
      const region = queue.shift()!;
      for (const block of region.blocks) {
        for (const op of [...block.ops]) {
          let needRewrite = false;
          for (const r of op.results) {
            const enc = this.layouts.has(r) ? this.picked(r) : undefined;
            if (!this.layouts.has(r)) continue;
            if (encodingOf(r) === enc) continue;
            needRewrite = true;
          }
          if (needRewrite) {
            this.rewriteOp(op);
            for (const r of op.regions) queue.push(r);
          } else if (YieldOp.is(op)) {
            this.rewriteYield(op);
          } else if (ConditionOp.is(op)) {
            this.rewriteCondition(op);
          } else if (ReduceOp.is(op) && !(op.result(0).type instanceof RankedTensorType)) {
            this.rewriteReduceToScalar(op);
          } else if (AssertOp.is(op)) {
            const operand = AssertOp.condition(op);
            if (this.layouts.has(operand)) op.setOperand(0, this.getValueAs(operand, this.picked(operand)));
          } else {
            op.operands.forEach((o, i) => {
              if (!this.layouts.has(o.value)) return;
              op.setOperand(i, this.getValueAs(o.value, this.encodingBeforeRewrite(o.value)));
            });
            for (const r of op.regions) queue.push(r);
          }
        }
      }
    }
  }

  private rewriteYield(y: Operation): void {
    const parent = y.parentOp!;
    y.operands.forEach((o, i) => {
      let t: Type = o.value.type;
      if (ForOp.is(parent) || IfOp.is(parent)) t = parent.result(i).type;
      if (WhileOp.is(parent)) t = parent.region(0).entry!.args[i]!.type;
      if (!(t instanceof RankedTensorType)) return;
      y.setOperand(i, this.getValueAs(o.value, t.encoding));
    });
  }

  private rewriteCondition(c: Operation): void {
    const w = c.parentOp!;
    for (let i = 1; i < c.operands.length; i++) {
      const t = w.result(i - 1).type;
      if (!(t instanceof RankedTensorType)) continue;
      c.setOperand(i, this.getValueAs(c.operand(i), t.encoding));
    }
  }

  private rewriteReduceToScalar(op: Operation): void {
    let src: Attribute | undefined;
    for (const o of op.operandValues) {
      if (this.layouts.has(o)) {
        src = this.picked(o);
        break;
      }
    }
    if (!src) return;
    op.operands.forEach((o, i) => op.setOperand(i, this.getValueAs(o.value, src)));
  }

  private rewriteOp(op: Operation): void {
    if (ForOp.is(op)) {
      const args = forIterArgs(op);
      forInitOperands(op).forEach((init, i) => {
        const res = op.result(i);
        if (!(res.type instanceof RankedTensorType) || !this.layouts.has(res)) return;
        const enc = this.picked(res)!;
        op.setOperand(3 + i, this.getValueAs(init.value, enc));
        this.setEncodingInPlace(res, enc);
        this.setEncodingInPlace(args[i]!, enc);
      });
      return;
    }
    if (WhileOp.is(op)) {
      const before = op.region(0).entry!.args;
      op.operands.forEach((o, i) => {
        const arg = before[i]!;
        if (!this.layouts.has(arg)) return;
        const enc = this.picked(arg)!;
        op.setOperand(i, this.getValueAs(o.value, enc));
        this.setEncodingInPlace(arg, enc);
      });
      const after = op.region(1).entry!.args;
      op.results.forEach((r, i) => {
        if (!this.layouts.has(r)) return;
        const enc = this.picked(r)!;
        this.setEncodingInPlace(r, enc);
        this.setEncodingInPlace(after[i]!, enc);
      });
      return;
    }
    if (IfOp.is(op)) {
      for (const r of op.results) if (this.layouts.has(r)) this.setEncodingInPlace(r, this.picked(r)!);
      return;
    }
    const enc = this.picked(op.result(0))!;
    if (canUseResultEncoding(op, enc)) {
      this.setEncodingInPlace(op.result(0), enc);
      return;
    }
    if (propagatesThrough(op) || isAnyOf(op, [GatherOp, WarpGroupDotWaitOp])) {
      this.rewriteGenericOpInPlace(op, enc);
      return;
    }
    throw new Error(`remove-layout-conversions: unexpected op in rewrite: ${op.name}`);
  }

  /** Triton 3.6's cloneElementwise, in place: operands are converted to `inferSrcEncoding(op, enc)`. */
  private rewriteGenericOpInPlace(op: Operation, enc: Attribute): void {
    const operandEnc = op.operands.length > 0 ? inferSrcEncoding(op, enc) : undefined;
    op.operands.forEach((o, i) => op.setOperand(i, this.getValueAs(o.value, operandEnc)));
    for (const r of op.results) if (r.type instanceof RankedTensorType) this.setEncodingInPlace(r, enc);
  }
}

function locOfValue(v: Value): import('../dialect/ir/location.js').Location | undefined {
  if (v instanceof OpResult) return v.owner.loc;
  if (v instanceof BlockArgument) return v.loc;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// 3/4. Rematerialization and hoisting

function canBeRemat(op: Operation): boolean {
  if (LoadOp.is(op) || StoreOp.is(op)) return !isExpensiveLoadOrStore(op);
  if (isAnyOf(op, [AtomicRMWOp, AtomicCASOp, DotOp])) return false;
  if (GatherOp.is(op)) return !unitAttrOf(op, 'efficient_layout');
  if (WhileOp.is(op) || ConditionOp.is(op)) return false;
  return true;
}

type RematKey = string;

const EXPENSIVE_MATH = [
  DivFOp, ErfcOp, SinhOp, CoshOp, TanhOp, AsinhOp, AcoshOp, AtanhOp, CtPopOp, CountLeadingZerosOp,
  CountTrailingZerosOp, ExpOp, Exp2Op, ExpM1Op, LogOp, Log2Op, Log10Op, Log1pOp, SinOp, CosOp,
  TanOp, AsinOp, AcosOp, AtanOp, Atan2Op, PowFOp, SqrtOp, RsqrtOp, ErfOp, CbrtOp,
];

function bitWidthOf(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  return 0;
}

function byteCount(v: Value, minElements = 0, minBits = 0): number {
  const t = tensorTypeOf(v);
  let n = 0;
  let bits = 0;
  if (t) {
    n = productOf(t.shape);
    bits = bitWidthOf(t.elementType);
  }
  n = Math.max(n, minElements);
  bits = Math.max(bits, minBits);
  return Math.floor((n * bits) / 8);
}

/** The cost (in milli-SM-cycles) of converting `src` to `enc`: 0 for a register permutation. */
export function getConvertCost(src: Value, enc: Attribute): number {
  const t = tensorTypeOf(src)!;
  if (REMAT_OPTIONS.freeConvertCost && cvtReordersRegisters(t, t.withEncoding(enc))) return 0;
  return 32 * byteCount(src, 32, 32);
}

class LayoutRematerialization {
  private readonly rematMapping = new Map<RematKey, Value>();
  private readonly mappedValues = new Map<Value, Attribute>();
  private readonly ids = new Map<object, number>();

  constructor(private readonly func: Operation) {}

  private id(x: object): number {
    let i = this.ids.get(x);
    if (i === undefined) this.ids.set(x, (i = this.ids.size));
    return i;
  }
  private key(v: Value, enc: Attribute): RematKey {
    return `${this.id(v)}:${this.id(enc)}`;
  }

  addRematValue(old: Value, enc: Attribute, nv: Value): void {
    this.rematMapping.set(this.key(old, enc), nv);
    this.mappedValues.set(old, enc);
  }
  getRematValue(v: Value, enc: Attribute): Value | undefined {
    return this.rematMapping.get(this.key(v, enc));
  }

  private convertOps(): Operation[] {
    const out: Operation[] = [];
    walkPost(this.func, (op) => {
      if (ConvertLayoutOp.is(op)) out.push(op);
    });
    return out;
  }

  getConvertBackwardSlice(
    root: OpOperand,
    enc: Attribute,
    slice: SetVector<Value>,
    layout: Map<Value, Attribute>,
    existing: Map<RematKey, Value | undefined>,
    stop?: (op: Operation) => boolean,
  ): boolean {
    return getConvertBackwardSlice(root, slice, enc, layout, stop, (use, e) => {
      const remat = this.getRematValue(use.value, e);
      if (!remat) return undefined;
      const k = this.key(use.value, e);
      if (valueDominates(remat, use.owner)) {
        if (!existing.has(k)) existing.set(k, remat);
        return remat;
      }
      existing.set(k, undefined);
      return undefined;
    });
  }

  getRematerializableSlice(
    root: OpOperand,
    enc: Attribute,
    sliceArg: SetVector<Value>,
    layoutArg: Map<Value, Attribute>,
    existingArg: Map<RematKey, Value | undefined>,
    stop?: (op: Operation) => boolean,
  ): boolean {
    const slice = sliceArg.clone();
    const layout = new Map(layoutArg);
    const existing = new Map(existingArg);
    if (!this.getConvertBackwardSlice(root, enc, slice, layout, existing, stop) || slice.empty) return false;
    for (const v of slice) {
      const d = v.definingOp;
      if (d && !canBeRemat(d)) return false;
    }
    for (const v of slice) sliceArg.insert(v);
    for (const [k, v] of layout) layoutArg.set(k, v);
    for (const [k, v] of existing) existingArg.set(k, v);
    return true;
  }

  private updateRematMapping(values: readonly [Value, Value][]): void {
    for (const [old, nv] of values) {
      const enc = this.mappedValues.get(old);
      if (enc === undefined) continue;
      const k = this.key(old, enc);
      let replaced = this.rematMapping.get(k)!;
      this.rematMapping.delete(k);
      this.mappedValues.delete(old);
      for (const [before, after] of values) {
        if (before === replaced) {
          replaced = after;
          break;
        }
      }
      this.addRematValue(nv, enc, replaced);
    }
  }

  rewriteSlice(
    slice: SetVector<Value>,
    layout: Map<Value, Attribute>,
    existing: Map<RematKey, Value | undefined>,
    convertOp: Operation,
    mapping: IRMapping = new IRMapping(),
  ): void {
    const opsToRewrite = new SetVector<Operation>();
    const yieldOperands = new Map<Operation, number[]>();
    const addYield = (y: Operation, i: number): void => {
      const l = yieldOperands.get(y) ?? [];
      l.push(i);
      yieldOperands.set(y, l);
    };
    const withRemat = new SetVector<Value>();
    for (const v of slice) {
      const enc = layout.get(v)!;
      const remat = existing.get(this.key(v, enc));
      if (remat) {
        mapping.map(v, remat);
        withRemat.insert(v);
        continue;
      }
      const def = v.definingOp;
      if (def) {
        opsToRewrite.insert(def);
        if (IfOp.is(def)) {
          const idx = (v as OpResult).index;
          opsToRewrite.insert(ifThenYield(def));
          addYield(ifThenYield(def), idx);
          opsToRewrite.insert(ifElseYield(def));
          addYield(ifElseYield(def), idx);
        }
      } else {
        const arg = v as BlockArgument;
        const loop = arg.owner.parentOp!;
        if (ForOp.is(loop)) {
          opsToRewrite.insert(loop);
          const y = arg.owner.terminator!;
          addYield(y, arg.index - 1);
          opsToRewrite.insert(y);
        }
      }
    }
    for (const v of withRemat) slice.remove(v);
    const sorted = sortInProgramOrder(opsToRewrite.toArray());

    const replacements: [Value, Value][] = [];
    const deadOps: Operation[] = [];
    const b = new Builder();
    for (const op of sorted) {
      if (ForOp.is(op)) {
        const argMapping: [number, number][] = [];
        const newOperands: Value[] = [];
        const nInit = forInitOperands(op).length;
        forIterArgs(op).forEach((arg, i) => {
          if (!slice.has(arg)) return;
          argMapping.push([i, nInit + newOperands.length]);
          newOperands.push(mapping.lookupOrDefault(forInitOperands(op)[i]!.value));
        });
        const newFor = replaceForOpWithNewSignature(b, op, newOperands, replacements);
        deadOps.push(op);
        const body = newFor.region(0).entry!;
        for (const [oldIdx, newIdx] of argMapping) {
          mapping.map(op.result(oldIdx), newFor.result(newIdx));
          mapping.map(body.args[oldIdx + 1]!, body.args[newIdx + 1]!);
          const oldArg = body.args[oldIdx + 1]!;
          this.addRematValue(newFor.result(oldIdx), layout.get(oldArg)!, newFor.result(newIdx));
          this.addRematValue(oldArg, layout.get(oldArg)!, body.args[newIdx + 1]!);
        }
        continue;
      }
      if (IfOp.is(op)) {
        const newTypes: Type[] = [];
        for (const r of op.results) if (slice.has(r)) newTypes.push((r.type as RankedTensorType).withEncoding(layout.get(r)!));
        const newIf = replaceIfOpWithNewSignature(b, op, newTypes, replacements);
        let newIdx = op.results.length;
        op.results.forEach((r) => {
          if (!slice.has(r)) return;
          mapping.map(r, newIf.result(newIdx));
          this.addRematValue(r, layout.get(r)!, newIf.result(newIdx));
          newIdx++;
        });
        deadOps.push(op);
        continue;
      }
      b.setInsertionPoint(op);
      if (YieldOp.is(op)) {
        const operands = op.operandValues;
        const idxs = [...(yieldOperands.get(op) ?? [])].sort((x, y) => x - y);
        for (const i of idxs) operands.push(mapping.lookupOrDefault(op.operand(i)));
        b.create({ name: YieldOp.opName, operands, loc: op.loc });
        op.erase();
        continue;
      }
      if (ConstantOp.is(op)) {
        const c = b.clone(op);
        const enc = layout.get(op.result(0))!;
        const cvt = createConvert(b, c.result(0), enc, op.loc);
        mapping.map(op.result(0), cvt);
        this.addRematValue(op.result(0), enc, cvt);
        continue;
      }
      const n = b.clone(op, mapping);
      op.results.forEach((old, i) => {
        const enc = layout.get(old);
        if (!enc) return;
        const nv = n.result(i);
        nv.type = (old.type as RankedTensorType).withEncoding(enc);
        this.addRematValue(old, enc, nv);
      });
    }
    const src = ConvertLayoutOp.src(convertOp);
    convertOp.result(0).replaceAllUsesWith(mapping.lookupOrDefault(src));
    this.updateRematMapping(replacements);
    for (const [from, to] of replacements) from.replaceAllUsesWith(to);
    convertOp.erase();
    for (const op of deadOps) op.erase();
  }

  /** Whether recomputing `slice` beats the conversion (Triton's isRematBeneficial). */
  isRematBeneficial(convertOp: Operation, slice: SetVector<Value>, newCvtCost: number): boolean {
    const sliceOps = new SetVector<Operation>();
    for (const v of slice) if (v.definingOp) sliceOps.insert(v.definingOp);
    const nonSliceOnly = new SetVector<Value>();
    for (const v of slice) {
      for (const use of v.uses) {
        const user = use.owner;
        if (user === convertOp || sliceOps.has(user)) continue;
        nonSliceOnly.insert(v);
        break;
      }
    }
    for (let i = 0; i < nonSliceOnly.size; i++) {
      const d = nonSliceOnly.at(i).definingOp;
      if (d) for (const o of d.operandValues) if (slice.has(o)) nonSliceOnly.insert(o);
    }
    const convertCost = getConvertCost(ConvertLayoutOp.src(convertOp), encodingOf(convertOp.result(0))!);
    let rematCost = newCvtCost;
    for (const op of sliceOps) {
      if (!op.results.some((r) => nonSliceOnly.has(r))) continue;
      if (ConstantOp.is(op)) continue;
      if (LoadOp.is(op) || LocalLoadOp.is(op)) {
        for (const r of op.results) rematCost += 8 * byteCount(r);
      } else if (op.name.startsWith('arith.') || op.name.startsWith('math.')) {
        const mult = isAnyOf(op, EXPENSIVE_MATH) ? 8 : 1;
        for (const r of op.results) rematCost += mult * byteCount(r);
      } else if (ReduceOp.is(op)) {
        // Reductions are costed by the data they exchange (Triton's ReduceOpHelper); a non-associative
        // combiner cannot be duplicated.
        if (!isReduceAssociative(op)) return false;
        rematCost += reduceCost(op);
      }
    }
    return convertCost >= rematCost;
  }

  backwardRematerializationAll(): boolean {
    let changed = false;
    for (const cvt of this.convertOps()) {
      if (!cvt.parent) continue;
      if (!this.backwardRematerialization(cvt)) this.addRematValue(ConvertLayoutOp.src(cvt), encodingOf(cvt.result(0))!, cvt.result(0));
      else {
        changed = true;
        debugHook('after one remat');
      }
    }
    return changed;
  }

  backwardRematerialization(cvt: Operation): boolean {
    const target = encodingOf(cvt.result(0))!;
    if (target instanceof DotOperandEncodingAttr) return false;
    const oldV = ConvertLayoutOp.src(cvt);
    const nv = this.getRematValue(oldV, target);
    if (nv && valueDominates(nv, cvt)) {
      cvt.result(0).replaceAllUsesWith(nv);
      cvt.erase();
      return true;
    }
    const slice = new SetVector<Value>();
    const layout = new Map<Value, Attribute>();
    const existing = new Map<RematKey, Value | undefined>();
    if (!this.getRematerializableSlice(cvt.operands[0]!, target, slice, layout, existing)) return false;
    if (REMAT_OPTIONS.costModel && !this.isRematBeneficial(cvt, slice, 0)) return false;
    // The rewrite would give back the same convert (Triton 3.6 loops forever here): not a change.
    if (isConstantOnlySlice(slice)) return false;
    this.rewriteSlice(slice, layout, existing, cvt);
    return true;
  }

  hoistAll(fn: (cvt: Operation) => boolean): void {
    for (const cvt of this.convertOps()) {
      if (!cvt.parent) continue;
      if (!fn(cvt)) this.addRematValue(ConvertLayoutOp.src(cvt), encodingOf(cvt.result(0))!, cvt.result(0));
    }
  }

  hoistConvertOnTopOfExtOrBroadcast(cvt: Operation): boolean {
    const target = encodingOf(cvt.result(0))!;
    if (target instanceof DotOperandEncodingAttr) return false;
    const isExtOrBroadcast = (op: Operation): boolean => {
      if (isAnyOf(op, [ExtSIOp, ExtUIOp, ExtFOp, BroadcastOp, ExpandDimsOp])) return true;
      if (FpToFpOp.is(op)) {
        const s = tensorTypeOf(FpToFpOp.src(op));
        const d = tensorTypeOf(op.result(0));
        return !!s && !!d && elemBits(s) < elemBits(d);
      }
      return false;
    };
    const slice = new SetVector<Value>();
    const layout = new Map<Value, Attribute>();
    const existing = new Map<RematKey, Value | undefined>();
    if (!this.getRematerializableSlice(cvt.operands[0]!, target, slice, layout, existing, isExtOrBroadcast)) return false;
    let extOp: Operation | undefined;
    const n = slice.size;
    for (let i = 0; i < n; i++) {
      const v = slice.at(i);
      const op = v.definingOp;
      if (!op || !isExtOrBroadcast(op)) continue;
      const srcEnc = inferSrcEncoding(op, layout.get(v)!);
      if (!srcEnc) return false;
      if (this.getRematerializableSlice(op.operands[0]!, srcEnc, slice, layout, existing)) continue;
      if (extOp) return false;
      extOp = op;
    }
    if (!extOp) return false;
    const dstEnc = layout.get(extOp.result(0))!;
    const srcEnc = inferSrcEncoding(extOp, dstEnc);
    if (!srcEnc) return false;
    const b = new Builder();
    b.setInsertionPoint(extOp);
    const newCvt = createConvert(b, OneOperand.operand(extOp), srcEnc, cvt.loc);
    const newExt = b.clone(extOp);
    newExt.setOperand(0, newCvt);
    newExt.result(0).type = (extOp.result(0).type as RankedTensorType).withEncoding(dstEnc);
    const mapping = new IRMapping();
    mapping.map(extOp.result(0), newExt.result(0));
    slice.remove(extOp.result(0));
    this.rewriteSlice(slice, layout, existing, cvt, mapping);
    return true;
  }

  hoistConvertIntoConditionals(cvt: Operation): boolean {
    const slice = new SetVector<Value>();
    const layout = new Map<Value, Attribute>();
    const existing = new Map<RematKey, Value | undefined>();
    const isIf = (op: Operation): boolean => IfOp.is(op);
    if (!this.getRematerializableSlice(cvt.operands[0]!, encodingOf(cvt.result(0))!, slice, layout, existing, isIf)) return false;
    const hoistAbove: [Value, OpOperand][] = [];
    const terminals: OpResult[] = [];
    const merge = (s: SetVector<Value>, l: Map<Value, Attribute>, e: Map<RematKey, Value | undefined>): void => {
      for (const v of s) slice.insert(v);
      for (const [k, v] of l) if (!layout.has(k)) layout.set(k, v);
      for (const [k, v] of e) if (!existing.has(k)) existing.set(k, v);
    };
    for (let i = 0; i !== slice.size; i++) {
      const v = slice.at(i);
      const ifOp = v.definingOp;
      if (!ifOp || !IfOp.is(ifOp)) continue;
      const rootLayout = layout.get(v)!;
      const idx = (v as OpResult).index;
      const thenRes = ifThenYield(ifOp).operands[idx]!;
      const elseRes = ifElseYield(ifOp).operands[idx]!;
      const thenSlice = new SetVector<Value>();
      const elseSlice = new SetVector<Value>();
      const thenLayout = new Map<Value, Attribute>();
      const elseLayout = new Map<Value, Attribute>();
      const thenExisting = new Map<RematKey, Value | undefined>();
      const elseExisting = new Map<RematKey, Value | undefined>();
      const thenOk = this.getRematerializableSlice(thenRes, rootLayout, thenSlice, thenLayout, thenExisting, isIf);
      const elseOk = this.getRematerializableSlice(elseRes, rootLayout, elseSlice, elseLayout, elseExisting, isIf);
      if (thenOk && elseOk) {
        merge(thenSlice, thenLayout, thenExisting);
        merge(elseSlice, elseLayout, elseExisting);
        continue;
      }
      if (!thenOk && !elseOk) {
        terminals.push(v as OpResult);
        continue;
      }
      if (!ForOp.is(ifOp.parentOp)) {
        terminals.push(v as OpResult);
        continue;
      }
      if (thenOk) {
        hoistAbove.push([v, elseRes]);
        merge(thenSlice, thenLayout, thenExisting);
      } else {
        hoistAbove.push([v, thenRes]);
        merge(elseSlice, elseLayout, elseExisting);
      }
    }
    if (hoistAbove.length === 0) return false;
    const mapping = new IRMapping();
    const b = new Builder();
    const hoistRemat = (v: Value, enc: Attribute): void => {
      const nc = createConvert(b, v, enc, cvt.loc);
      mapping.map(v, nc);
      slice.remove(v);
    };
    for (const v of terminals) {
      b.setInsertionPointAfter(v.owner);
      hoistRemat(v, layout.get(v)!);
    }
    for (const [result, edge] of hoistAbove) {
      b.setInsertionPoint(edge.owner);
      hoistRemat(edge.value, layout.get(result)!);
    }
    this.rewriteSlice(slice, layout, existing, cvt, mapping);
    return true;
  }

  hoistConvertDotOperand(cvt: Operation): boolean {
    const target = encodingOf(cvt.result(0))!;
    const parent = cvt.parentOp;
    if (!parent) return false;
    const dots: Operation[] = [];
    parent.walk((op) => {
      const dot = [DotOp, DotScaledOp, WarpGroupDotOp].find((h) => h.is(op));
      if (!dot) return;
      const e = encodingOf(dot.a(op));
      if (e instanceof DotOperandEncodingAttr && e.parent instanceof MmaEncodingAttr) dots.push(op);
    });
    if (dots.length === 0 || !dots.some((d) => postDominates(d, cvt))) return false;
    const noDataMovement = (op: Operation): boolean =>
      (op.hasTrait('Elementwise') && isMemoryEffectFree(op)) || isAnyOf(op, [BroadcastOp, Fp4ToFpOp, ConvertLayoutOp]) || isView(op);
    const slice = new SetVector<Value>();
    const layout = new Map<Value, Attribute>();
    const existing = new Map<RematKey, Value | undefined>();
    if (!this.getConvertBackwardSlice(cvt.operands[0]!, target, slice, layout, existing, (op) => !noDataMovement(op))) return false;
    const mapping = new IRMapping();
    const b = new Builder();
    const inner = new SetVector<Value>();
    for (const v of slice) {
      const d = v.definingOp;
      if (!d) return false;
      if (!LoadOp.is(d) && !DescriptorLoadOp.is(d)) {
        if (ConstantOp.is(d) || noDataMovement(d)) {
          inner.insert(v);
          continue;
        }
        return false;
      }
      b.setInsertionPointAfter(d);
      const t = tensorTypeOf(d.result(0));
      if (!t) continue;
      mapping.map(d.result(0), createConvert(b, d.result(0), layout.get(d.result(0))!, cvt.loc));
    }
    if (inner.empty) return false;
    this.rewriteSlice(inner, layout, existing, cvt, mapping);
    return true;
  }
}

function isView(op: Operation): boolean {
  return isAnyOf(op, [ExpandDimsOp, ReshapeOp, TransOp, JoinOp, SplitOp, MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescIndexOp]);
}

function elemBits(t: RankedTensorType): number {
  return bitWidthOf(t.elementType);
}

/**
 * ReduceOpHelper's intra-warp + 8 × inter-warp sizes with unique data: along the reduced axis, how many lanes
 * and warps hold distinct elements after each thread's contiguous elements are combined.
 */
function reduceCost(op: Operation): number {
  const t = tensorTypeOf(ReduceOp.srcs(op)[0]!);
  const axis = Number(ReduceOp.axis(op).value);
  if (!t || !t.encoding) return 0;
  const size = t.shape[axis]!;
  const elems = getContigPerThread(t.encoding, t.shape)[axis]!;
  const tpw = getThreadsPerWarp(t.encoding, t.shape)[axis]!;
  const wpc = getWarpsPerCTA(t.encoding, t.shape)[axis]!;
  const intra = Math.min(Math.floor(size / elems), tpw);
  const inter = Math.min(Math.floor(size / (elems * tpw)), wpc);
  return intra + 8 * inter;
}

/** ReduceOpHelper::isAssociative: float reductions over more than 2 elements with addf/mulf are not. */
function isReduceAssociative(op: Operation): boolean {
  const t = tensorTypeOf(ReduceOp.srcs(op)[0]!);
  if (!t || !(t.elementType instanceof FloatType)) return true;
  const axis = Number(ReduceOp.axis(op).value);
  if (t.shape[axis]! <= 2) return true;
  let nonAssoc = false;
  op.walk((o) => {
    if (AddFOp.is(o) || MulFOp.is(o)) nonAssoc = true;
  });
  return !nonAssoc;
}

/** `a` post-dominates `b` in structured control flow: `a` follows `b`'s ancestor in `a`'s block. */
function postDominates(a: Operation, b: Operation): boolean {
  if (a === b) return true;
  let cur: Operation | undefined = b;
  while (cur && cur.parent !== a.parent) cur = cur.parentOp;
  if (!cur || cur === a) return false;
  return cur.isBeforeInBlock(a);
}

/** Ops in program pre-order (mlir::topologicalSort of ops in structured regions). */
function sortInProgramOrder(ops: readonly Operation[]): Operation[] {
  if (ops.length <= 1) return [...ops];
  const want = new Set(ops);
  let root: Operation = ops[0]!;
  while (root.parentOp) root = root.parentOp;
  const out: Operation[] = [];
  root.walk((op) => {
    if (want.has(op)) out.push(op);
  });
  return out;
}

function replaceForOpWithNewSignature(b: Builder, loop: Operation, newInits: readonly Value[], replacements: [Value, Value][]): Operation {
  const operands = [...loop.operandValues, ...newInits];
  const newLoop = createOperation({
    name: ForOp.opName,
    operands,
    resultTypes: [...loop.results.map((r) => r.type), ...newInits.map((v) => v.type)],
    attributes: [...loop.attributes],
    regions: 1,
    loc: loop.loc,
  });
  loop.parent!.insertBefore(loop, newLoop);
  newLoop.region(0).takeBody(loop.region(0));
  const body = newLoop.region(0).entry!;
  for (const v of newInits) body.addArgument(v.type, locOfValue(v) ?? loop.loc);
  loop.results.forEach((r, i) => replacements.push([r, newLoop.result(i)]));
  void b;
  return newLoop;
}

function replaceIfOpWithNewSignature(b: Builder, ifOp: Operation, newTypes: readonly Type[], replacements: [Value, Value][]): Operation {
  const newIf = createOperation({
    name: IfOp.opName,
    operands: ifOp.operandValues,
    resultTypes: [...ifOp.results.map((r) => r.type), ...newTypes],
    attributes: [...ifOp.attributes],
    regions: 2,
    loc: ifOp.loc,
  });
  ifOp.parent!.insertBefore(ifOp, newIf);
  newIf.region(0).takeBody(ifOp.region(0));
  newIf.region(1).takeBody(ifOp.region(1));
  ifOp.results.forEach((r, i) => replacements.push([r, newIf.result(i)]));
  void b;
  return newIf;
}

// ---------------------------------------------------------------------------------------------------
// The pass

/** MLIR's default GreedyRewriteConfig (bottom-up seeding, aggressive region simplification), as Triton uses it. */
const GREEDY_DEFAULTS = { useTopDownTraversal: false, regionSimplification: 'aggressive' } as const;

function cleanupConvertOps(module: Operation): void {
  applyCleanupUnlessConverged(module, CONVERT_LAYOUT_CANONICALIZATIONS, GREEDY_DEFAULTS);
}

/**
 * The patterns of the final cleanup, one array so that converged-cleanup.ts recognizes the set. Built on first
 * use: dialects loaded later append to CONVERT_LAYOUT_CANONICALIZATIONS (extendConvertLayoutCanonicalizations).
 */
let finalCleanupPatterns: { n: number; patterns: readonly RewritePattern[] } | undefined;
function finalCleanupPatternSet(): readonly RewritePattern[] {
  if (finalCleanupPatterns?.n !== CONVERT_LAYOUT_CANONICALIZATIONS.length) {
    const patterns = [FOR_OP_DEAD_ARG_ELIMINATION, ...SCF_FOR_PATTERNS, ...SCF_IF_PATTERNS, ...CONVERT_LAYOUT_CANONICALIZATIONS];
    finalCleanupPatterns = { n: CONVERT_LAYOUT_CANONICALIZATIONS.length, patterns };
  }
  return finalCleanupPatterns.patterns;
}

/** Conformance debugging: `globalThis.__rlcDebug(stage)`, when set, is called after each phase (and remat). */
const debugHook = (stage: string): void => (globalThis as { __rlcDebug?: (s: string) => void }).__rlcDebug?.(stage);

export function removeLayoutConversions(module: Operation): void {
  for (const f of funcsOf(module)) {
    const lp = new LayoutPropagation(f);
    lp.initAnchorLayout();
    lp.propagateLayout();
    lp.resolveConflicts();
    lp.rewrite();
  }
  debugHook('after propagation');
  cleanupConvertOps(module);
  debugHook('after cleanup');
  for (;;) {
    let changed = false;
    for (const f of funcsOf(module)) changed = new LayoutRematerialization(f).backwardRematerializationAll() || changed;
    debugHook('after remat sweep');
    cleanupConvertOps(module);
    debugHook('after remat cleanup');
    if (!REMAT_OPTIONS.iterate || !changed) break;
  }
  for (const f of funcsOf(module)) {
    let lr = new LayoutRematerialization(f);
    lr.hoistAll((c) => lr.hoistConvertOnTopOfExtOrBroadcast(c));
    lr = new LayoutRematerialization(f);
    lr.hoistAll((c) => lr.hoistConvertIntoConditionals(c));
    lr = new LayoutRematerialization(f);
    lr.hoistAll((c) => lr.hoistConvertDotOperand(c));
  }
  debugHook('after hoisting');
  applyCleanupUnlessConverged(module, finalCleanupPatternSet(), GREEDY_DEFAULTS);
}

export const REMOVE_LAYOUT_CONVERSIONS_PASS = registerPass({
  name: 'tritongpu-remove-layout-conversions',
  className: 'TritonGPURemoveLayoutConversions',
  description: 'remove superfluous layout conversions',
  run(module) {
    removeLayoutConversions(module);
  },
});
