// The IR core's linked lists (dialect/ir/ir.ts): block op lists and use lists stay in order across edits, the
// arrays they hand out are snapshots, and the IR epoch that lets the pass manager skip verifying an unchanged
// module moves on every change the verifier could see and on nothing else.
import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import { IntegerAttr } from '../dialect/ir/attribute.js';
import { currentIrEpoch, type Block, type Operation } from '../dialect/ir/ir.js';
import { i64 } from '../dialect/ir/type.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { runPipeline } from '../transforms/pass-manager.js';
import { getPass } from '../transforms/pass.js';
import '../transforms/index.js';
import { STRAIGHT_LINE_FUNC } from './helpers/ir.js';


function parse(): Operation {
  return new Parser(STRAIGHT_LINE_FUNC, { filename: 'lists.mlir' }).parseModule();
}
function body(m: Operation): Block {
  return m.region(0).blocks[0]!.ops[0]!.region(0).blocks[0]!;
}
const names = (b: Block): string[] => b.ops.map((o) => o.name.split('.')[1]!);

describe('block op list', () => {
  it('keeps order, neighbours and positions through inserts and moves', () => {
    const b = body(parse());
    const [add, mul, sub, xor, ret] = b.ops as [Operation, Operation, Operation, Operation, Operation];
    expect(b.firstOp).toBe(add);
    expect(b.lastOp).toBe(ret);
    expect(b.terminator).toBe(ret);
    // Moving an op that comes before the anchor lands it right after the anchor.
    add.moveAfter(sub);
    expect(names(b)).toEqual(['muli', 'subi', 'addi', 'xori', 'return']);
    expect(sub.nextOp).toBe(add);
    expect(add.prevOp).toBe(sub);
    expect(b.ops.every((o, i) => b.indexOf(o) === i)).toBe(true);
    xor.moveBefore(mul);
    expect(names(b)).toEqual(['xori', 'muli', 'subi', 'addi', 'return']);
    expect(b.firstOp).toBe(xor);
    expect(xor.prevOp).toBeUndefined();
    expect(xor.isBeforeInBlock(ret)).toBe(true);
    expect(ret.isBeforeInBlock(xor)).toBe(false);
  });

  it('hands out an array that does not follow later removals until it is read again', () => {
    const b = body(parse());
    const snapshot = [...b.ops];
    const live = b.ops;
    snapshot[1]!.remove();
    expect(b.numOps).toBe(4);
    expect(b.ops).toBe(live);
    expect(names(b)).toEqual(['addi', 'subi', 'xori', 'return']);
    expect(snapshot[1]!.parent).toBeUndefined();
    expect(snapshot[1]!.nextOp).toBeUndefined();
  });
});

describe('use list', () => {
  it('links the newest use first and relinks on set', () => {
    const m = parse();
    const b = body(m);
    const [add, mul, sub] = b.ops as [Operation, Operation, Operation];
    const v = add.result(0);
    const order = (): string[] => v.uses.map((u) => `${u.owner.name.split('.')[1]}#${u.index}`);
    expect(order()).toEqual(['subi#1', 'muli#1', 'muli#0']);
    expect(v.numberOfUses).toBe(3);
    const before = v.uses;
    mul.setOperand(0, v); // same value: moves to the front, as MLIR's OpOperand::set
    expect(order()).toEqual(['muli#0', 'subi#1', 'muli#1']);
    expect(before.length).toBe(3);
    sub.setOperand(1, b.args[0]!);
    expect(order()).toEqual(['muli#0', 'muli#1']);
    expect(v.hasOneUse()).toBe(false);
    v.dropAllUses();
    expect(v.useEmpty).toBe(true);
    expect(mul.operand(0)).toBe(v);
  });
});

describe('IR epoch', () => {
  it('moves on edits the verifier sees and not on reads', () => {
    const m = parse();
    const b = body(m);
    const e0 = currentIrEpoch();
    printOperation(m);
    void b.ops;
    expect(currentIrEpoch()).toBe(e0);
    b.ops[0]!.setAttr('x', IntegerAttr.get(i64(), 1));
    const e1 = currentIrEpoch();
    expect(e1).toBeGreaterThan(e0);
    b.ops[0]!.result(0).type = b.ops[0]!.result(0).type;
    expect(currentIrEpoch()).toBeGreaterThan(e1);
  });

  it('still lets the verifier see a change made by a later pass', () => {
    const m = parse();
    const cse = getPass('cse')!;
    // cse leaves this module unchanged, so the second verification is skipped; a broken module still fails.
    expect(runPipeline(m, [{ pass: cse, options: {} }, { pass: cse, options: {} }]).ok).toBe(true);
    const b = body(m);
    b.ops[1]!.moveBefore(b.ops[0]!); // muli before the addi it uses
    const r = runPipeline(m, [{ pass: cse, options: {} }]);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]!.message).toContain('does not dominate');
  });
});
