/**
 * IR helpers of loop-nest fusion: building arith/scf ops at one location (MLIR's ImplicitLocOpBuilder), ordering
 * ops in program order (MLIR's topologicalSort of a set of ops), and finding the ops that compute a set of values
 * and could be hoisted above a given op (Triton's getDominatingValueSetOpsToHoist).
 */
import { FloatAttr, IntegerAttr, DenseElementsAttr, type Attribute } from '../../dialect/ir/attribute.js';
import { Builder } from '../../dialect/ir/builder.js';
import { Block, BlockArgument, type Operation, type Value } from '../../dialect/ir/ir.js';
import type { Location } from '../../dialect/ir/location.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, type Type } from '../../dialect/ir/type.js';
import { valueProperlyDominates } from '../../dialect/ir/rewrite/dominance.js';

export const CMP_EQ = 0;
export const CMP_SLT = 2;
export const CMP_SGT = 4;
export const CMP_SGE = 5;
export const CMP_ULT = 6;
export const CMP_UGT = 8;

/** A builder that gives every op it creates the same location. */
export class LocBuilder extends Builder {
  constructor(public loc: Location) {
    super();
  }
  op(name: string, operands: readonly Value[], resultType: Type, attributes: [string, Attribute][] = []): Value {
    return this.create({ name, operands, resultTypes: [resultType], attributes, loc: this.loc }).result();
  }
  binary(name: string, a: Value, b: Value): Value {
    return this.op(name, [a, b], a.type);
  }
  cmpi(predicate: number, a: Value, b: Value): Value {
    const i1 = IntegerType.get(1);
    const type = a.type instanceof RankedTensorType ? RankedTensorType.get(a.type.shape, i1, a.type.encoding) : i1;
    return this.op('arith.cmpi', [a, b], type, [['predicate', IntegerAttr.get(IntegerType.get(64), predicate)]]);
  }
  constant(value: Attribute, type: Type): Value {
    return this.op('arith.constant', [], type, [['value', value]]);
  }
  intConstant(type: Type, v: number): Value {
    return this.constant(IntegerAttr.get(type, v), type);
  }
  boolConstant(v: boolean): Value {
    return this.constant(IntegerAttr.get(IntegerType.get(1), v ? 1 : 0), IntegerType.get(1));
  }
  /** An `scf.if` with empty regions (IfOp::build without blocks). */
  emptyIf(resultTypes: readonly Type[], cond: Value): Operation {
    return this.create({ name: 'scf.if', operands: [cond], resultTypes, regions: 2, loc: this.loc });
  }
  yield(values: readonly Value[]): Operation {
    return this.create({ name: 'scf.yield', operands: values, loc: this.loc });
  }
  /** `scf.for lb to ub step step iter_args(inits)` with its body block (no terminator, as with inits). */
  forLoop(lb: Value, ub: Value, step: Value, inits: readonly Value[]): Operation {
    const op = this.create({ name: 'scf.for', operands: [lb, ub, step, ...inits], resultTypes: inits.map((v) => v.type), regions: 1, loc: this.loc });
    const body = op.region(0).addBlock(new Block());
    body.addArgument(lb.type, this.loc);
    for (const v of inits) body.addArgument(v.type, this.loc);
    if (inits.length === 0) {
      const saved = this.saveInsertionPoint();
      this.setInsertionPointToEnd(body);
      this.yield([]);
      this.restoreInsertionPoint(saved);
    }
    return op;
  }
}

/** ceildiv(ub - lb, step): the trip count of `range(lb, ub, step)`. */
export function computeNumIters(b: LocBuilder, lb: Value, ub: Value, step: Value): Value {
  return b.binary('arith.ceildivsi', b.binary('arith.subi', ub, lb), step);
}

export function intWidth(t: Type): number {
  return t instanceof IndexType ? 64 : (t as IntegerType).width;
}

/** Casts an integer or index value to `type` when it differs (index_cast, trunci or extsi). */
export function castInt(b: LocBuilder, v: Value, type: Type): Value {
  if (v.type === type) return v;
  if (v.type instanceof IndexType || type instanceof IndexType) return b.op('arith.index_cast', [v], type);
  return b.op(intWidth(v.type) > intWidth(type) ? 'arith.trunci' : 'arith.extsi', [v], type);
}

/** A zero of `type` where it has one (int/index/float scalars and tensors of them), else `ub.poison`. */
export function poisonOrZero(b: LocBuilder, type: Type): Value {
  const el = type instanceof RankedTensorType ? type.elementType : type;
  const scalarLike = el instanceof IntegerType || el instanceof IndexType || el instanceof FloatType;
  if (!scalarLike || (!(type instanceof RankedTensorType) && type !== el)) return b.op('ub.poison', [], type);
  if (type instanceof RankedTensorType) return b.constant(DenseElementsAttr.get(type, [el instanceof FloatType ? 0 : 0n]), type);
  return b.constant(el instanceof FloatType ? FloatAttr.get(el, 0) : IntegerAttr.get(el, 0), type);
}

/** The path of block and op indices from the top of the IR down to `op`. */
function positionPath(op: Operation): number[] {
  const path: number[] = [];
  for (let o: Operation | undefined = op; o; o = o.parentOp) {
    const block = o.parent;
    if (!block) break;
    path.push(block.ops.indexOf(o));
    const region = block.parent;
    if (region) path.push(region.blocks.indexOf(block));
    if (region?.parent) path.push(region.parent.regions.indexOf(region));
  }
  return path.reverse();
}

/** `ops` in program order (an op before the ops nested in it). */
export function programOrder(ops: Iterable<Operation>): Operation[] {
  const keyed = [...ops].map((op) => ({ op, path: positionPath(op) }));
  keyed.sort((x, y) => {
    for (let i = 0; i < Math.min(x.path.length, y.path.length); i++) if (x.path[i] !== y.path[i]) return x.path[i]! - y.path[i]!;
    return x.path.length - y.path.length;
  });
  return keyed.map((k) => k.op);
}

/** Moves `ops` (in program order) in front of `before` in `block` (the end when undefined). */
export function hoistOpsBefore(block: Block, before: Operation | undefined, ops: Iterable<Operation>): void {
  for (const op of programOrder(ops)) {
    op.remove();
    if (before) block.insertBefore(before, op);
    else block.append(op);
  }
}

/**
 * Whether `values` are, or can be made by hoisting the ops computing them, available before `refOp`: climbing
 * the use-def chains breadth first, values that dominate `refOp` are fine, block arguments must pass
 * `canUseArg`, and defining ops must pass `canHoist`. On success the ops to hoist are added to `toHoist`.
 */
export function dominatingValueSetOpsToHoist(
  refOp: Operation,
  values: readonly Value[],
  toHoist: Set<Operation>,
  canHoist: (op: Operation) => boolean,
  canUseArg: (arg: BlockArgument) => boolean,
): boolean {
  const visited = new Set<Operation>();
  const queue = [...values];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    if (valueProperlyDominates(v, refOp)) continue;
    if (v instanceof BlockArgument) {
      if (!canUseArg(v)) return false;
      continue;
    }
    const op = v.definingOp!;
    if (visited.has(op)) continue;
    if (!canHoist(op)) return false;
    visited.add(op);
    queue.push(...op.operandValues);
  }
  for (const op of visited) toHoist.add(op);
  return true;
}
