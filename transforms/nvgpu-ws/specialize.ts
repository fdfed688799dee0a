/**
 * The last step of code partition (Triton 3.6's specializeRegion, WSSpecialize.cpp): the function's top-level ops
 * that carry an `async_task_id` move into one `ttg.warp_specialize` before the return. Task 0 (the producer, or
 * the first task) becomes the default region, every other task a partition of 4 warps requesting 232 registers.
 * Each task's region gets a clone of the ops that name it, with only that id; an `scf.for` keeps the iter args the
 * task needs (specialize-loop.ts), an `scf.if` the results whose yielded values the task computes, a `tt.reduce` is
 * cloned whole. Values from outside that a partition uses become captures, in the order of a post-order walk of
 * the partitions (constants are cloned into each partition instead); then the originals are erased.
 */
import { DenseArrayAttr } from '../../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../../dialect/ir/builder.js';
import { createOperation } from '../../dialect/ir/create.js';
import { Block, BlockArgument, type Operation, Region, type Value } from '../../dialect/ir/ir.js';
import type { Location } from '../../dialect/ir/location.js';
import { IntegerType, RankedTensorType } from '../../dialect/ir/type.js';
import { ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
import { ReduceOp, ReturnOp } from '../../dialect/tt/ops.js';
import { CodePartitionError } from './channels.js';
import { specializeForOp } from './specialize-loop.js';
import { getAsyncTaskIds, getNestedAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

/** What Triton's scanRegUsage returns for a partition when no register count was asked for. */
const DEFAULT_PARTITION_REGISTERS = 232;
/** Triton gives every partition one warp group. */
const PARTITION_NUM_WARPS = 4;

export function hasTask(op: Operation, task: number): boolean {
  return getAsyncTaskIds(op).includes(task);
}

/** The location of a value (its defining op's, or the block argument's), as MLIR's Value::getLoc. */
export function valueLoc(v: Value): Location {
  return v instanceof BlockArgument ? v.loc : v.definingOp!.loc;
}

function i32Array(values: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(IntegerType.get(32), values);
}

/** Creates an op at `b`'s insertion point labelled with `task` alone (OpBuilderWithAsyncTaskIds). */
function createForTask(b: Builder, task: number, init: Parameters<typeof createOperation>[0]): Operation {
  const op = b.create(init);
  setAsyncTaskIds(op, [task]);
  return op;
}

/**
 * SpecializeIfOp: an `scf.if` for `task` keeping the results whose then-yielded value the task defines (a value
 * that is an iter arg of a loop counts by the loop's initial value).
 */
function specializeIfOp(ifOp: Operation, mapping: IRMapping, b: Builder, task: number): Operation {
  const thenBlock = ifOp.region(0).blocks[0]!;
  const elseBlock = ifOp.region(1).blocks[0];
  const kept: number[] = [];
  if (ifOp.results.length > 0) {
    thenBlock.terminator!.operandValues.forEach((v, i) => {
      const def = v.definingOp;
      if (def) {
        if (hasTask(def, task)) kept.push(i);
        return;
      }
      const owner = (v as BlockArgument).owner.parentOp;
      if (!owner || !ForOp.is(owner)) throw new CodePartitionError(ifOp, 'code partition: an scf.if yields a block argument that is not a loop iter arg');
      const init = ForOp.initArgs(owner)[(v as BlockArgument).index - 1]!;
      const initDef = init.definingOp;
      if (!initDef) throw new CodePartitionError(ifOp, 'code partition: an scf.if yields a loop iter arg whose initial value has no defining op');
      if (hasTask(initDef, task)) kept.push(i);
    });
  }
  const newIf = createForTask(b, task, {
    name: 'scf.if',
    operands: [mapping.lookupOrDefault(IfOp.condition(ifOp))],
    resultTypes: kept.map((i) => ifOp.result(i).type),
    regions: 2,
    loc: ifOp.loc,
  });
  const inner = new Builder();
  const cloneBlock = (from: Block, into: Block): void => {
    inner.setInsertionPointToEnd(into);
    for (const op of [...from.ops]) specializeOp(op, mapping, inner, task);
    if (kept.length === ifOp.results.length) return;
    const yieldOp = into.terminator!;
    inner.setInsertionPoint(yieldOp);
    createForTask(inner, task, { name: 'scf.yield', operands: kept.map((i) => yieldOp.operand(i)), loc: yieldOp.loc });
    yieldOp.erase();
  };
  cloneBlock(thenBlock, newIf.region(0).addBlock(new Block()));
  if (elseBlock) cloneBlock(elseBlock, newIf.region(1).addBlock(new Block()));
  kept.forEach((i, k) => mapping.map(ifOp.result(i), newIf.result(k)));
  return newIf;
}

/**
 * SpecializeOp: the clone of `op` for `task` at `b`'s insertion point (nothing when the op is not the task's; a
 * yield is always cloned, as Triton takes yields to be shared by every task).
 */
export function specializeOp(op: Operation, mapping: IRMapping, b: Builder, task: number): Operation | undefined {
  if (!hasTask(op, task) && !YieldOp.is(op)) return undefined;
  if (op.regions.length === 0) {
    const copy = b.clone(op, mapping);
    setAsyncTaskIds(copy, [task]);
    return copy;
  }
  if (IfOp.is(op)) return specializeIfOp(op, mapping, b, task);
  if (ForOp.is(op)) return specializeForOp(op, mapping, b, task, specializeOp);
  if (ReduceOp.is(op)) {
    const copy = b.clone(op, mapping);
    copy.walk((o) => void setAsyncTaskIds(o, [task]));
    return copy;
  }
  throw new CodePartitionError(op, `code partition cannot specialize '${op.name}' (an op with regions other than scf.for, scf.if and tt.reduce)`);
}

/** The region of the block a value is defined in. */
function definingRegion(v: Value): Region | undefined {
  return v.parentBlock?.parent;
}

/**
 * getUsedValuesDefinedAbove on the partitions op's holder: the values used in the partitions that are defined
 * outside the `ttg.warp_specialize`, in the order of a post-order walk, each once.
 */
function usedValuesDefinedAbove(wsOp: Operation, partitions: Operation): Value[] {
  const outer = new Set<Region>();
  for (let r: Region | undefined = wsOp.parent?.parent; r; r = r.parent?.parent?.parent) outer.add(r);
  const seen = new Set<Value>();
  const out: Value[] = [];
  for (const region of partitions.regions) {
    for (const block of region.blocks) {
      for (const op of [...block.ops]) {
        op.walkPostOrder((o) => {
          for (const v of o.operandValues) {
            const r = definingRegion(v);
            if (r && outer.has(r) && !seen.has(v)) {
              seen.add(v);
              out.push(v);
            }
          }
        });
      }
    }
  }
  return out;
}

function replaceAllUsesInRegionWith(from: Value, to: Value, region: Region): void {
  for (const use of from.uses) {
    let inside = false;
    for (let o: Operation | undefined = use.owner; o; o = o.parentOp) {
      if (o.parent?.parent === region) {
        inside = true;
        break;
      }
    }
    if (inside) use.set(to);
  }
}

export interface SpecializeOptions {
  /** Registers each partition asks for (0: Triton's default of 232). */
  requestedRegisters?: number;
  /** Told about a tensor that a partition captures (Triton warns: unsupported). */
  warn?: (at: Operation, message: string) => void;
}

/** specializeRegion on one function (after foldLocalLoads). Returns the new `ttg.warp_specialize`. */
export function specializeRegion(func: Operation, options: SpecializeOptions = {}): Operation {
  const body = func.region(0);
  const opList: Operation[] = [];
  for (const block of body.blocks) for (const op of block.ops) if (getAsyncTaskIds(op).length > 0) opList.push(op);
  if (opList.length === 0) throw new CodePartitionError(func, 'code partition: no op of the function has an async_task_id');
  const returnOp = body.blocks[body.blocks.length - 1]!.terminator;
  if (!returnOp || !ReturnOp.is(returnOp)) throw new CodePartitionError(func, "code partition: the function's last block does not end in tt.return");

  const taskIds = getNestedAsyncTaskIds(func);
  const numWarps = taskIds.filter((t) => t !== 0).map(() => PARTITION_NUM_WARPS);
  const loc = opList[0]!.loc;
  const b = new Builder();
  b.setInsertionPoint(returnOp);
  const wsOp = b.create({ name: 'ttg.warp_specialize', attributes: [['partitionNumWarps', i32Array(numWarps)]], regions: 2, loc });
  const partitions = createOperation({ name: 'ttg.warp_specialize.partitions', regions: taskIds.length - 1, loc });
  wsOp.region(1).addBlock(new Block()).append(partitions);

  const fill = (region: Region, task: number, terminator: string): void => {
    const block = region.addBlock(new Block());
    const tb = new Builder();
    tb.setInsertionPointToStart(block);
    const mapping = new IRMapping();
    for (const op of opList) specializeOp(op, mapping, tb, task);
    tb.create({ name: terminator, loc: func.loc });
  };
  fill(wsOp.region(0), taskIds[0]!, 'ttg.warp_yield');
  const registers: number[] = [];
  partitions.regions.forEach((region, i) => {
    fill(region, taskIds[i + 1]!, 'ttg.warp_return');
    registers.push(options.requestedRegisters ? options.requestedRegisters : DEFAULT_PARTITION_REGISTERS);
  });
  wsOp.setAttr('requestedRegisters', i32Array(registers));

  const captures: Value[] = [];
  for (const capture of usedValuesDefinedAbove(wsOp, partitions)) {
    const def = capture.definingOp;
    if (def?.hasTrait('ConstantLike')) {
      for (const region of partitions.regions) {
        const cb = new Builder();
        cb.setInsertionPointToStart(region.blocks[0]!);
        replaceAllUsesInRegionWith(capture, cb.clone(def).result(0), region);
      }
      continue;
    }
    if (capture.type instanceof RankedTensorType) options.warn?.(def ?? wsOp, 'FIXME: capturing tensor values into warp partitions is not supported');
    captures.push(capture);
    for (const region of partitions.regions) {
      const arg = region.blocks[0]!.addArgument(capture.type, valueLoc(capture));
      replaceAllUsesInRegionWith(capture, arg, region);
    }
  }
  partitions.setOperands(captures);

  for (let i = opList.length - 1; i >= 0; i--) {
    const op = opList[i]!;
    for (const r of op.results) {
      if (r.numberOfUses > 0) throw new CodePartitionError(r.users[0]!, `code partition: this op uses a value of '${op.name}' but runs in no task that computes it`);
    }
    op.erase();
  }
  return wsOp;
}
