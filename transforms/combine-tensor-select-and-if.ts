/**
 * `--tritongpu-combine-tensor-select-and-if` (Triton's CombineTensorSelectAndIf): folds a tensor
 * `arith.select %c, %t, %f` into an `scf.if %c` of the same block, as an extra result yielding %t in the then
 * branch and %f in the else branch, so that the select is not computed for every element.
 *
 * 1. For every select (any type) and every `scf.if` on the same condition, uses of the select inside the
 *    if's then region become %t, inside its else region %f.
 * 2. A select with a tensor result is assigned to the first `scf.if` (program order) on its condition in
 *    its own block that comes after it and dominates all of its remaining users.
 * 3. Each such if (in order of first assignment) is rebuilt with its results plus one per assigned select
 *    (an empty else branch is created when it had none; the new yields carry the if's location); the
 *    selects' uses move to the new results and the selects are erased.
 */
import type { Operation, Value } from '../dialect/ir/ir.js';
import { Block } from '../dialect/ir/ir.js';
import { Builder } from '../dialect/ir/builder.js';
import { RankedTensorType } from '../dialect/ir/type.js';
import { registerPass } from './pass.js';
import { operationDominates } from '../dialect/ir/rewrite/dominance.js';
import { IfOp, YieldOp } from '../dialect/scf/ops.js';
import { SelectOp } from '../dialect/arith/ops.js';
import type { OpHandleCore } from '../dialect/ir/op-handle.js';

function collect(module: Operation, handle: OpHandleCore): Operation[] {
  const out: Operation[] = [];
  module.walkPostOrder((op) => {
    if (handle.is(op)) out.push(op);
  });
  return out;
}

/** Step 1: inside an if on the select's condition, the select is known to pick one side. */
function forwardSelectsIntoIfs(module: Operation): void {
  const replacements = new Map<string, { from: Value; to: Value; users: Operation[] }>();
  const keyIds = new Map<Value, number>();
  const idOf = (v: Value): number => {
    let id = keyIds.get(v);
    if (id === undefined) keyIds.set(v, (id = keyIds.size));
    return id;
  };
  const record = (from: Value, to: Value, user: Operation): void => {
    const key = `${idOf(from)}:${idOf(to)}`;
    let e = replacements.get(key);
    if (!e) replacements.set(key, (e = { from, to, users: [] }));
    e.users.push(user);
  };
  for (const select of collect(module, SelectOp)) {
    const [cond, t, f] = [SelectOp.condition(select), SelectOp.true_value(select), SelectOp.false_value(select)];
    const result = select.result();
    for (const use of cond.uses) {
      const ifOp = use.owner;
      if (!IfOp.is(ifOp)) continue;
      for (const u of result.uses) {
        const user = u.owner;
        if (user === ifOp || !ifOp.isAncestorOf(user)) continue;
        const inThen = IfOp.thenRegion(ifOp).blocks.some((b) => b.ops.some((o) => o === user || o.isAncestorOf(user)));
        record(result, inThen ? t : f, user);
      }
    }
  }
  for (const { from, to, users } of replacements.values()) {
    for (const user of users) from.replaceUsesWithIf(to, (use) => use.owner === user);
  }
}

/** Step 2: which if each tensor select merges into. */
function assignSelectsToIfs(module: Operation): Map<Operation, Operation[]> {
  const byIf = new Map<Operation, Operation[]>();
  for (const select of collect(module, SelectOp)) {
    const result = select.result();
    if (!(result.type instanceof RankedTensorType)) continue;
    const block = select.parent;
    const ifs = SelectOp.condition(select).users
      .filter((u) => IfOp.is(u) && u.parent === block)
      .sort((a, b) => (a === b ? 0 : a.isBeforeInBlock(b) ? -1 : 1));
    for (const ifOp of ifs) {
      if (!operationDominates(select, ifOp)) continue;
      if (!result.users.every((u) => operationDominates(ifOp, u))) continue;
      byIf.set(ifOp, [...(byIf.get(ifOp) ?? []), select]);
      break;
    }
  }
  return byIf;
}

/** Step 3: rebuilds `ifOp` with one more result per select. */
function mergeSelectsIntoIf(ifOp: Operation, selects: readonly Operation[]): void {
  const b = new Builder();
  b.setInsertionPoint(ifOp);
  const loc = ifOp.loc;
  const newIf = b.create({
    name: IfOp.opName,
    operands: [IfOp.condition(ifOp)],
    resultTypes: [...ifOp.results.map((r) => r.type), ...selects.map((s) => s.result().type)],
    regions: 2,
    attributes: [...ifOp.attributes],
    loc,
  });
  newIf.region(0).takeBody(ifOp.region(0));
  if (ifOp.region(1).blocks.length) newIf.region(1).takeBody(ifOp.region(1));
  else {
    const elseBlock = newIf.region(1).addBlock(new Block());
    b.setInsertionPointToEnd(elseBlock);
    b.create({ name: YieldOp.opName, operands: [], loc });
  }
  const extend = (block: Block, extra: readonly Value[]): void => {
    const yieldOp = block.terminator!;
    b.setInsertionPoint(yieldOp);
    b.create({ name: YieldOp.opName, operands: [...yieldOp.operandValues, ...extra], loc });
    yieldOp.erase();
  };
  extend(newIf.region(0).blocks[0]!, selects.map((s) => SelectOp.true_value(s)));
  extend(newIf.region(1).blocks[0]!, selects.map((s) => SelectOp.false_value(s)));
  ifOp.results.forEach((r, i) => r.replaceAllUsesWith(newIf.result(i)));
  selects.forEach((s, i) => {
    s.result().replaceAllUsesWith(newIf.result(ifOp.results.length + i));
    s.erase();
  });
  ifOp.erase();
}

export function combineTensorSelectAndIf(module: Operation): void {
  forwardSelectsIntoIfs(module);
  for (const [ifOp, selects] of assignSelectsToIfs(module)) mergeSelectsIntoIf(ifOp, selects);
}

export const COMBINE_TENSOR_SELECT_AND_IF_PASS = registerPass({
  name: 'tritongpu-combine-tensor-select-and-if',
  className: 'TritonGPUCombineTensorSelectAndIf',
  description: 'Combine tensor select and if',
  run(module) {
    combineTensorSelectAndIf(module);
  },
});
