/** Small IR queries the unit tests share. */
import type { Operation } from '../../dialect/ir/ir.js';

/** The first op named `name` under `root` in walk order; throws when there is none, so a test fails loudly. */
export function firstOp(root: Operation, name: string): Operation {
  let found: Operation | undefined;
  root.walk((op) => {
    if (!found && op.name === name) found = op;
  });
  if (!found) throw new Error(`no ${name}`);
  return found;
}

/** A function of four dependent scalar ops and a return: a block to edit in the IR-list tests. */
export const STRAIGHT_LINE_FUNC = `module {
  tt.func @f(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    %1 = arith.muli %0, %0 : i32
    %2 = arith.subi %1, %0 : i32
    %3 = arith.xori %2, %1 : i32
    tt.return %3 : i32
  }
}
`;
