/**
 * An `scf.for` of one task in specializeRegion (Triton 3.6's collectBlockArgsForTask and SpecializeForOp,
 * WSSpecialize.cpp): the new loop carries only the iter args that the task uses, a use counting when an op of the
 * task reads the iter arg or the loop's result, or when the value flows into a yield of an `scf.if` or into an
 * inner loop whose own initial value the task defines (an inner loop fed by a block argument is followed inside).
 */
import { Builder, IRMapping } from '../../dialect/ir/builder.js';
import { BlockArgument, type Operation, type Value } from '../../dialect/ir/ir.js';
import { ForOp, IfOp, YieldOp } from '../../dialect/scf/ops.js';
import { CodePartitionError } from './channels.js';
import { getAsyncTaskIds, setAsyncTaskIds } from './task-ids.js';

function hasTask(op: Operation, task: number): boolean {
  return getAsyncTaskIds(op).includes(task);
}

/**
 * Whether the initial value of the iter arg `arg` of `loop` is defined by an op of `task`; undefined when the
 * initial value is itself a block argument.
 */
function initDefinedByTask(loop: Operation, arg: BlockArgument, task: number): boolean | undefined {
  const def = ForOp.initArgs(loop)[arg.index - 1]!.definingOp;
  return def ? hasTask(def, task) : undefined;
}

/** collectBlockArgsForTask: the indices (sorted) of the iter args of `forOp` that `task` needs. */
export function collectBlockArgsForTask(forOp: Operation, task: number): number[] {
  const needed = new Set<number>();
  const visit = (loop: Operation, arg: Value, argIdx: number): void => {
    for (const user of arg.users) {
      if (!hasTask(user, task)) continue;
      if (YieldOp.is(user)) {
        const parent = user.parentOp;
        if (parent && IfOp.is(parent) && arg instanceof BlockArgument) {
          const byTask = initDefinedByTask(loop, arg, task);
          if (byTask === undefined) throw new CodePartitionError(user, 'code partition: an scf.if yields a loop iter arg whose initial value has no defining op');
          if (byTask) {
            needed.add(argIdx);
            return;
          }
        }
        continue;
      }
      if (ForOp.is(user)) {
        if (arg instanceof BlockArgument) {
          const byTask = initDefinedByTask(loop, arg, task);
          if (byTask === true) {
            needed.add(argIdx);
            return;
          }
          if (byTask === undefined) {
            const k = ForOp.initArgs(user).indexOf(arg);
            if (k >= 0) visit(user, user.region(0).blocks[0]!.args[k + 1]!, argIdx);
          }
        }
        continue;
      }
      if (user.regions.length === 0) {
        needed.add(argIdx);
        return;
      }
      // Triton looks for `arg` among the user's region arguments, which never holds for an operand: an op with
      // regions (other than a loop) does not make the value needed.
      for (const r of user.regions) for (const a of r.blocks[0]?.args ?? []) if (a === arg) visit(loop, a, argIdx);
    }
  };
  const body = forOp.region(0).blocks[0]!;
  for (let i = 1; i < body.args.length; i++) visit(forOp, body.args[i]!, i - 1);
  forOp.results.forEach((r, i) => visit(forOp, r, i));
  return [...needed].sort((a, b) => a - b);
}

export type SpecializeBodyOp = (op: Operation, mapping: IRMapping, b: Builder, task: number) => unknown;

/**
 * SpecializeForOp: the loop of `task` at `b`'s insertion point, its body the task's clones (through
 * `specializeOp`), its results mapped to the kept ones. Only `tt.loop_schedule` of the loop's attributes stays.
 */
export function specializeForOp(forOp: Operation, mapping: IRMapping, b: Builder, task: number, specializeOp: SpecializeBodyOp): Operation {
  const used = collectBlockArgsForTask(forOp, task);
  const inits = used.map((i) => mapping.lookupOrDefault(ForOp.initArgs(forOp)[i]!));
  const bounds = [ForOp.lowerBound(forOp), ForOp.upperBound(forOp), ForOp.step(forOp)].map((v) => mapping.lookupOrDefault(v));
  const newFor = b.create({ name: 'scf.for', operands: [...bounds, ...inits], resultTypes: inits.map((v) => v.type), regions: 1, loc: forOp.loc });
  setAsyncTaskIds(newFor, [task]);
  const schedule = forOp.getAttr('tt.loop_schedule');
  if (schedule) newFor.setAttr('tt.loop_schedule', schedule);
  const body = newFor.region(0).addBlock();
  const iv = body.addArgument(bounds[0]!.type, forOp.loc);
  for (const v of inits) body.addArgument(v.type, v instanceof BlockArgument ? v.loc : v.definingOp!.loc);
  // ForOp::build adds the implicit terminator only to a loop without iter args.
  if (inits.length === 0) {
    const yb = new Builder();
    yb.setInsertionPointToEnd(body);
    yb.create({ name: 'scf.yield', loc: forOp.loc });
  }

  const oldBody = forOp.region(0).blocks[0]!;
  mapping.map(oldBody.args[0]!, iv);
  used.forEach((i, k) => mapping.map(oldBody.args[i + 1]!, body.args[k + 1]!));
  const fb = new Builder();
  fb.setInsertionPointToStart(body);
  const oldYield = oldBody.terminator!;
  for (const op of [...oldBody.ops]) if (op !== oldYield) specializeOp(op, mapping, fb, task);

  if (inits.length === 0) setAsyncTaskIds(body.terminator!, [task]);
  else setAsyncTaskIds(fb.create({ name: 'scf.yield', operands: used.map((i) => mapping.lookupOrDefault(oldYield.operand(i))), loc: oldYield.loc }), [task]);
  used.forEach((i, k) => mapping.map(forOp.result(i), newFor.result(k)));
  return newFor;
}
