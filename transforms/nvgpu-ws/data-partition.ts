/**
 * Data partition (Triton 3.6's doDataPartition, WSDataPartition.cpp): splits the consumers' work between the
 * consumer warp groups. Decides from the `ttng.warp_group_dot`s that run on more than one task: each dot's
 * accumulator is cut along M (when M / #consumers >= 64) or else N (N / #consumers >= 128); the closure of ops
 * that produce or consume the accumulator (backward through elementwise ops, layout changes, loads, loop-carried
 * values; forward through users and yields) is cut along the same dimension (flipped through transposes, shifted
 * through expand_dims), the dot's other operand is shared. Each op of the closure is then cloned once per
 * consumer with the sliced type, that consumer's task id (plus the producer's, for ops both run), sliced
 * make_range bounds, constants and descriptor-load coordinates; `scf.for`s get one iter arg per slice. The
 * originals are erased, dead loop arguments removed (scf canonicalizations), and arith producers get the task
 * ids of their users. Fails (returns false) when the dims of the closure conflict or no dot can be cut. The
 * closure and its dims come from data-partition-scheme.ts; this file rewrites the IR.
 */
import { DenseArrayAttr, DenseElementsAttr, IntegerAttr, UnitAttr } from '../../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../../dialect/ir/builder.js';
import type { Block, Operation, Value } from '../../dialect/ir/ir.js';
import { BlockArgument } from '../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../../dialect/ir/type.js';
import { applyPatternsGreedily } from '../../dialect/ir/rewrite/greedy.js';
import { ConstantOp } from '../../dialect/arith/ops.js';
import { ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
import { SCF_FOR_PATTERNS, SCF_IF_PATTERNS } from '../../dialect/scf/canonicalize.js';
import {
  AtomicRMWOp,
  BroadcastOp,
  DescriptorLoadOp,
  DescriptorStoreOp,
  ExpandDimsOp,
  FpToFpOp,
  LoadOp,
  MakeRangeOp,
  MakeTensorDescOp,
  ReduceOp,
  SplatOp,
  StoreOp,
  TransOp,
} from '../../dialect/tt/ops.js';
import { TensorDescType } from '../../dialect/tt/types.js';
import { ConvertLayoutOp, LocalAllocOp, MemDescSubsliceOp, MemDescTransOp } from '../../dialect/ttg/ops.js';
import { MemDescType } from '../../dialect/ttg/types.js';
import { ReinterpretTensorDescOp, WarpGroupDotOp } from '../../dialect/ttng/ops.js';
import { FOR_OP_DEAD_ARG_ELIMINATION } from '../remove-layout-conversions/scf-cleanup.js';
import { computeScheme, DataPartitionError, isBlackwellMma, isTrans, NO_DIM, Scheme, shapeOf } from './data-partition-scheme.js';
import { addAsyncTaskIds, getAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

export { DataPartitionError };

const TO_BE_REMOVED = 'to_be_removed';

function withIds(op: Operation, ids: readonly number[]): Operation {
  setAsyncTaskIds(op, ids);
  return op;
}

function slicedShape(shape: readonly number[], dim: number, n: number): number[] {
  const out = [...shape];
  out[dim] = Math.trunc(out[dim]! / n);
  return out;
}

function rewriteRematerialized(s: Scheme): void {
  for (const [oldOp, dims] of s.remat) {
    const b = new Builder();
    b.setInsertionPoint(oldOp);
    for (let i = 1; i < dims.size; i++) {
      const dim = dims.at(i);
      let newOp: Operation;
      if (LocalAllocOp.is(oldOp)) {
        const t = oldOp.result(0).type as MemDescType;
        const shape = slicedShape(t.shape, dim, s.numPartitions);
        const sliced = MemDescType.get({ shape, elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: t.mutableMemory });
        newOp = b.create({
          name: MemDescSubsliceOp.opName,
          operands: [oldOp.result(0)],
          resultTypes: [sliced],
          attributes: [['offsets', DenseArrayAttr.get(IntegerType.get(32), shape.map(() => 0))]],
          loc: oldOp.loc,
        });
      } else {
        newOp = b.clone(oldOp);
      }
      setAsyncTaskIds(newOp, getAsyncTaskIds(oldOp));
      s.ops.insert(newOp);
      s.dims.set(newOp, dim);
      const matches = (user: Operation): boolean => {
        let userDim = s.dimOf(user);
        if (isTrans(user)) userDim = s.flip(userDim);
        else if (WarpGroupDotOp.is(user)) {
          const idx = s.dotOperand.get(user) ?? 0;
          if ((userDim === 0 && idx === 1) || (userDim === 1 && idx === 0)) userDim = NO_DIM;
        }
        return userDim === dim;
      };
      oldOp.result(0).replaceUsesWithIf(newOp.result(0), (use) => matches(use.owner));
    }
  }
}

interface SliceState {
  s: Scheme;
  offset: number;
  map: IRMapping;
  /** Ops (and values) this round created: slicing them again is a no-op. */
  created: Set<Operation>;
  opMap: Map<Operation, Operation>;
}

function sliceValue(v: Value, st: SliceState): Operation | undefined {
  const def = v.definingOp;
  if (def) return sliceOp(def, st);
  const owner = v.parentBlock?.parentOp;
  return owner ? sliceOp(owner, st) : undefined;
}

function retype(v: Value, dim: number, n: number): void {
  const t = v.type;
  if (t instanceof MemDescType) {
    if (t.encoding.constructor.name.includes('TensorMemory')) throw new DataPartitionError(v.definingOp!, 'data partitioning of tensor memory is not supported');
    v.type = MemDescType.get({ shape: slicedShape(t.shape, dim, n), elementType: t.elementType, encoding: t.encoding, memorySpace: t.memorySpace, mutableMemory: t.mutableMemory });
  } else if (t instanceof RankedTensorType) {
    v.type = RankedTensorType.get(slicedShape(t.shape, dim, n), t.elementType, t.encoding);
  } else if (t instanceof TensorDescType) {
    const bt = t.blockType;
    v.type = TensorDescType.get(RankedTensorType.get(slicedShape(bt.shape, dim, n), bt.elementType, bt.encoding));
  }
}

function sliceOp(op: Operation, st: SliceState): Operation {
  const { s, offset, map } = st;
  if (!s.ops.has(op)) return op;
  const done = st.opMap.get(op);
  if (done) return done;
  if (st.created.has(op)) return op;
  const dim = s.dimOf(op);
  const n = s.numPartitions;
  const ids = getAsyncTaskIds(op);
  let sliceIds: number[];
  if (ids.length === n) sliceIds = [ids[offset]!];
  else if (ids.length === 1) sliceIds = [ids[0]!];
  else if (ids.length > n) sliceIds = [ids[0]!, ids[offset + 1]!];
  else throw new DataPartitionError(op, `unexpected task ids for data partitioning (${ids.length} for ${n} partitions)`);
  const b = new Builder();
  const mapResult = (v: Value, nv: Value): void => {
    map.map(v, nv);
  };
  const cloneAndRetype = (): Operation => {
    b.setInsertionPoint(op);
    const c = b.clone(op, map);
    setAsyncTaskIds(c, sliceIds);
    st.opMap.set(op, c);
    st.created.add(c);
    if (op.results.length > 0) {
      const v = op.result(0);
      const nv = c.result(0);
      let needRetype = dim !== NO_DIM;
      if (needRetype && WarpGroupDotOp.is(op)) {
        const idx = s.dotOperand.get(op) ?? 0;
        if ((dim === 0 && idx === 1) || (dim === 1 && idx === 0)) needRetype = false;
      }
      if (needRetype) retype(nv, dim, n);
      mapResult(v, nv);
    }
    return c;
  };
  let newOp: Operation;
  if (dim === NO_DIM || op.hasTrait('Elementwise') || ConvertLayoutOp.is(op) || BroadcastOp.is(op) || SplatOp.is(op) || ExpandDimsOp.is(op) || FpToFpOp.is(op) || AtomicRMWOp.is(op) || LocalAllocOp.is(op)) {
    for (const o of op.operandValues) sliceValue(o, st);
    newOp = cloneAndRetype();
  } else if (isBlackwellMma(op)) {
    throw new DataPartitionError(op, 'data partitioning of tensor memory is not supported');
  } else if (ConstantOp.is(op)) {
    b.setInsertionPoint(op);
    const val = op.getAttr('value');
    if (!(val instanceof DenseElementsAttr) || !val.isSplat) throw new DataPartitionError(op, 'data partitioning needs a splat constant');
    const vt = val.type as RankedTensorType;
    const nt = RankedTensorType.get(slicedShape(vt.shape, dim, n), vt.elementType, vt.encoding);
    newOp = b.create({ name: 'arith.constant', resultTypes: [nt], attributes: [['value', DenseElementsAttr.get(nt, [val.splatValue()])]], loc: op.loc });
    // The original ids stay: constant folding may merge the slices.
    setAsyncTaskIds(newOp, ids);
    st.created.add(newOp);
    mapResult(op.result(0), newOp.result(0));
  } else if (MakeRangeOp.is(op)) {
    b.setInsertionPoint(op);
    const start0 = MakeRangeOp.start(op).num;
    const end0 = MakeRangeOp.end(op).num;
    const size = Math.trunc((end0 - start0) / n);
    const start = start0 + offset * size;
    const t = op.result(0).type as RankedTensorType;
    newOp = b.create({
      name: 'tt.make_range',
      resultTypes: [RankedTensorType.get([size], IntegerType.get(32), t.encoding)],
      attributes: [
        ['start', IntegerAttr.i32(start)],
        ['end', IntegerAttr.i32(start + size)],
      ],
      loc: op.loc,
    });
    setAsyncTaskIds(newOp, sliceIds);
    st.created.add(newOp);
    mapResult(op.result(0), newOp.result(0));
  } else if (StoreOp.is(op) || LoadOp.is(op)) {
    for (const o of op.operandValues) sliceValue(o, st);
    newOp = cloneAndRetype();
  } else if (DescriptorLoadOp.is(op) || DescriptorStoreOp.is(op)) {
    const desc = DescriptorLoadOp.is(op) ? DescriptorLoadOp.desc(op) : DescriptorStoreOp.desc(op);
    sliceValue(desc, st);
    const indices = DescriptorLoadOp.is(op) ? DescriptorLoadOp.indices(op) : DescriptorStoreOp.indices(op);
    const coord = indices[dim]!;
    const shape = shapeOf(DescriptorLoadOp.is(op) ? op.result(0).type : DescriptorStoreOp.src(op).type);
    if (offset) {
      const def = coord.definingOp;
      if (!def) throw new DataPartitionError(op, 'data partitioning needs a computed descriptor coordinate (Triton 3.6 aborts on a block argument)');
      b.setInsertionPointAfter(def);
      const c = withIds(b.create({ name: 'arith.constant', resultTypes: [IntegerType.get(32)], attributes: [['value', IntegerAttr.i32(Math.trunc((offset * shape[dim]!) / n))]], loc: op.loc }), sliceIds);
      const add = withIds(b.create({ name: 'arith.addi', operands: [coord, c.result(0)], resultTypes: [IntegerType.get(32)], loc: op.loc }), sliceIds);
      st.created.add(c);
      st.created.add(add);
      mapResult(coord, add.result(0));
    }
    newOp = cloneAndRetype();
  } else if (MakeTensorDescOp.is(op) || ReinterpretTensorDescOp.is(op)) {
    newOp = cloneAndRetype();
  } else if (isTrans(op)) {
    sliceValue(TransOp.is(op) ? TransOp.src(op) : MemDescTransOp.src(op), st);
    newOp = cloneAndRetype();
  } else if (WarpGroupDotOp.is(op)) {
    const idx = s.dotOperand.get(op) ?? 0;
    sliceValue(op.operand(idx), st);
    if ((dim === 0 && idx === 1) || (dim === 1 && idx === 0)) sliceValue(op.operand(1 - idx), st);
    sliceValue(WarpGroupDotOp.c(op), st);
    newOp = cloneAndRetype();
  } else if (ForOp.is(op)) {
    newOp = sliceFor(op, st);
  } else if (IfOp.is(op)) {
    newOp = sliceIf(op, st);
  } else if (YieldOp.is(op)) {
    const count = op.operandValues.length;
    for (let i = 0; i < count; i++) {
      const o = op.operand(i);
      sliceValue(o, st);
      const nv = map.lookup(o);
      if (nv) op.setOperands([...op.operandValues, nv]);
    }
    newOp = op;
  } else if (ReduceOp.is(op)) {
    if (Number(ReduceOp.axis(op).value) === dim) throw new DataPartitionError(op, 'data partitioning cannot cut a tt.reduce along its reduced dimension (Triton 3.6 asserts)');
    for (const o of op.operandValues) sliceValue(o, st);
    newOp = cloneAndRetype();
    newOp.walk((c) => setAsyncTaskIds(c, sliceIds));
  } else {
    throw new DataPartitionError(op, `data partitioning does not support '${op.name}' (Triton 3.6 aborts)`);
  }
  st.opMap.set(op, newOp);
  st.created.add(newOp);
  return newOp;
}

function sliceFor(forOp: Operation, st: SliceState): Operation {
  const { map } = st;
  const inits = ForOp.initArgs(forOp);
  const newInits: Value[] = [...inits];
  const body = forOp.region(0).blocks[0]!;
  const newIndex = new Map<number, number>();
  inits.forEach((init, i) => {
    sliceValue(init, st);
    // Triton looks a block-argument init up in its own region, so it adds the same value once more (the extra
    // iter arg is dead and goes away in the cleanup).
    const nv = init instanceof BlockArgument ? init : map.lookup(init);
    if (nv) {
      newInits.push(nv);
      body.addArgument(nv.type, forOp.loc);
      newIndex.set(i, newInits.length - 1);
    }
  });
  const b = new Builder();
  b.setInsertionPoint(forOp);
  const lb = ForOp.lowerBound(forOp);
  const ub = ForOp.upperBound(forOp);
  const step = ForOp.step(forOp);
  const newFor = b.create({ name: 'scf.for', operands: [lb, ub, step, ...newInits], resultTypes: newInits.map((v) => v.type), regions: 1, loc: forOp.loc });
  for (const [k, v] of forOp.attributes) newFor.setAttr(k, v);
  st.s.ops.insert(newFor);
  newFor.region(0).takeBody(forOp.region(0));
  forOp.results.forEach((r, i) => r.replaceAllUsesWith(newFor.result(i)));
  forOp.setAttr(TO_BE_REMOVED, UnitAttr.get());
  const newBody: Block = newFor.region(0).blocks[0]!;
  for (const [from, to] of newIndex) {
    map.map(newFor.result(from), newFor.result(to));
    map.map(newBody.args[from + 1]!, newBody.args[to + 1]!);
  }
  return newFor;
}

/** An `scf.if` whose yields got sliced operands: a new if with the extra results, the regions moved over. */
function sliceIf(ifOp: Operation, st: SliceState): Operation {
  const thenYield = ifOp.regions[0]?.blocks[0]?.terminator;
  const elseYield = ifOp.regions[1]?.blocks[0]?.terminator;
  if (!thenYield || !elseYield) throw new DataPartitionError(ifOp, 'data partitioning of an scf.if needs both branches (Triton 3.6 aborts)');
  sliceOp(thenYield, st);
  sliceOp(elseYield, st);
  const b = new Builder();
  b.setInsertionPoint(ifOp);
  const newIf = b.create({ name: 'scf.if', operands: [IfOp.condition(ifOp)], resultTypes: thenYield.operandValues.map((v) => v.type), regions: 2, loc: ifOp.loc });
  newIf.region(0).takeBody(ifOp.region(0));
  newIf.region(1).takeBody(ifOp.region(1));
  for (const [k, v] of ifOp.attributes) newIf.setAttr(k, v);
  st.s.ops.insert(newIf);
  ifOp.setAttr(TO_BE_REMOVED, UnitAttr.get());
  ifOp.results.forEach((r, i) => r.replaceAllUsesWith(newIf.result(i)));
  const yielded = thenYield.operandValues;
  yielded.forEach((v, i) => {
    const nv = st.map.lookup(v);
    if (!nv) return;
    const j = yielded.indexOf(nv);
    if (j < 0) throw new DataPartitionError(ifOp, 'sliced value not yielded');
    st.map.map(newIf.result(i), newIf.result(j));
  });
  return newIf;
}

/** Erases the unused ops of the closure and dead loop arguments until nothing changes (doDeepCleanup). */
function deepCleanup(func: Operation, s: Scheme): void {
  for (;;) {
    const dead: Operation[] = [];
    func.walkPostOrder((op) => {
      if (YieldOp.is(op) || !s.ops.has(op)) return;
      if (op.results.every((r) => r.uses.length === 0)) dead.push(op);
    });
    if (dead.length === 0) return;
    for (const op of dead) {
      s.ops.remove(op);
      op.erase();
    }
    applyPatternsGreedily(func, [FOR_OP_DEAD_ARG_ELIMINATION, ...SCF_FOR_PATTERNS, ...SCF_IF_PATTERNS]);
  }
}

function containsAll(sup: readonly number[], sub: readonly number[]): boolean {
  return sub.every((x) => sup.includes(x));
}

/** Gives arith producers their users' task ids, and yields/ifs their single-use operands' (fixTaskId). */
function fixTaskIds(func: Operation): void {
  let changed: boolean;
  do {
    changed = false;
    func.walkPostOrder((op) => {
      const ids = getAsyncTaskIds(op);
      for (const v of op.operandValues) {
        const def = v.definingOp;
        if (!def || LoadOp.is(def) || DescriptorLoadOp.is(def)) continue;
        const defIds = getAsyncTaskIds(def);
        if (!containsAll(defIds, ids)) {
          if (YieldOp.is(op) || ForOp.is(op) || IfOp.is(op)) continue;
          if (def.name.startsWith('arith.')) {
            addAsyncTaskIds(def, ids);
            changed = true;
          }
        }
        if (v.uses.length === 1 && !containsAll(ids, defIds) && (YieldOp.is(op) || IfOp.is(op))) {
          addAsyncTaskIds(op, defIds);
          changed = true;
        }
      }
    });
  } while (changed);
}

/** Triton's doDataPartition; false when the consumers' work cannot be split that many ways. */
export function doDataPartition(func: Operation, numConsumerGroups: number): boolean {
  const s = new Scheme();
  if (!computeScheme(func, s)) return numConsumerGroups <= 1;
  rewriteRematerialized(s);
  for (let i = 0; i < s.numPartitions; i++) {
    const st: SliceState = { s, offset: i, map: new IRMapping(), created: new Set(), opMap: new Map() };
    const count = s.ops.size;
    for (let j = 0; j < count; j++) sliceOp(s.ops.at(j), st);
    for (const op of s.ops.toArray()) {
      if (op.getAttr(TO_BE_REMOVED) === undefined) continue;
      s.ops.remove(op);
      op.erase();
    }
  }
  deepCleanup(func, s);
  fixTaskIds(func);
  return true;
}
