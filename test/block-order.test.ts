// Block.indexOf's cached op positions (dialect/ir/ir.ts): order queries stay right across every kind of edit.

import { describe, expect, it } from 'vitest';
import '../dialect/index.js';
import type { Block, Operation } from '../dialect/ir/ir.js';
import { Parser } from '../parser/parser.js';
import { STRAIGHT_LINE_FUNC } from './helpers/ir.js';


function body(): Block {
  const m = new Parser(STRAIGHT_LINE_FUNC, { filename: 'order.mlir' }).parseModule();
  const func = m.regions[0]!.blocks[0]!.ops[0]!;
  return func.regions[0]!.blocks[0]!;
}

const names = (b: Block): string[] => b.ops.map((o) => o.name);
const positionsAgree = (b: Block): boolean => b.ops.every((o, i) => b.indexOf(o) === i);

describe('Block.indexOf', () => {
  it('gives each op its position, and -1 for an op of another block', () => {
    const b = body();
    expect(positionsAgree(b)).toBe(true);
    const other = body().ops[0]!;
    expect(b.indexOf(other)).toBe(-1);
  });

  it('follows moves, inserts and erasures', () => {
    const b = body();
    const [add, mul, sub, xor] = b.ops as [Operation, Operation, Operation, Operation];
    expect(add.isBeforeInBlock(xor)).toBe(true);
    xor.moveBefore(mul); // queued insertion: placed when the list is next read
    expect(xor.isBeforeInBlock(mul)).toBe(true);
    expect(names(b)).toEqual(['arith.addi', 'arith.xori', 'arith.muli', 'arith.subi', 'tt.return']);
    expect(positionsAgree(b)).toBe(true);
    add.moveAfter(sub);
    expect(sub.isBeforeInBlock(add)).toBe(true);
    expect(add.isBeforeInBlock(sub)).toBe(false);
    expect(positionsAgree(b)).toBe(true);
    expect(sub.nextOp).toBe(add);
    expect(add.prevOp).toBe(sub);
    mul.remove();
    expect(b.indexOf(mul)).toBe(-1);
    expect(positionsAgree(b)).toBe(true);
    expect(xor.nextOp).toBe(sub);
  });
});
