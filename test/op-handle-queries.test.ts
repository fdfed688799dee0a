// Op handles as queries: `is` narrows, `isAnyOf` over handle lists, SameVariadicOperandSize groups without
// segment sizes, and the handles of ops declared in loops (arith, math).
import { describe, expect, expectTypeOf, it } from 'vitest';
import '../dialect/index.js';
import { createOperation } from '../dialect/ir/create.js';
import type { Operation } from '../dialect/ir/ir.js';
import { isAnyOf, type OpOf } from '../dialect/ir/op-handle.js';
import { AddFOp, AddIOp, CmpIOp, ConstantOp, ExtSIOp, MulIOp, SelectOp } from '../dialect/arith/ops.js';
import { ExpOp, Log2Op, SqrtOp } from '../dialect/math/ops.js';
import { ForOp, WhileOp } from '../dialect/scf/ops.js';
import { DescriptorLoadOp, LoadOp, MakeTensorDescOp, StoreOp } from '../dialect/tt/ops.js';
import { Parser } from '../parser/parser.js';

const SRC = `module {
  tt.func @f(%a: i32, %b: i32, %x: f32, %p: !tt.ptr<f16>, %n: i32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.muli %0, %b : i32
    %2 = arith.cmpi slt, %0, %1 : i32
    %3 = arith.select %2, %0, %1 : i32
    %4 = arith.extsi %3 : i32 to i64
    %5 = math.exp %x : f32
    %6 = arith.addf %5, %x : f32
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%a, %b], [%4, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x16xf16>>
    tt.return
  }
}
`;

function ops(): Operation[] {
  const m = new Parser(SRC, { filename: 'q.mlir' }).parseModule();
  const out: Operation[] = [];
  m.walk((op) => void out.push(op));
  return out;
}

describe('op handle queries', () => {
  it('is() narrows only the true branch', () => {
    const op = ops().find((o) => AddIOp.is(o));
    if (!AddIOp.is(op)) throw new Error('no addi');
    expectTypeOf(op).toMatchTypeOf<Operation>();
    expectTypeOf(op).toMatchTypeOf<OpOf>();
    const check = (maybe: Operation | undefined): void => {
      if (!MulIOp.is(maybe)) expectTypeOf(maybe).toEqualTypeOf<Operation | undefined>();
    };
    check(op.result(0).users[0]);
    expect(AddIOp.is(undefined)).toBe(false);
  });

  it('isAnyOf answers for a list of handles', () => {
    const all = ops();
    const arithInt = all.filter((o) => isAnyOf(o, [AddIOp, MulIOp, CmpIOp, SelectOp, ExtSIOp]));
    expect(arithInt.map((o) => o.name)).toEqual(['arith.addi', 'arith.muli', 'arith.cmpi', 'arith.select', 'arith.extsi']);
    expect(all.filter((o) => isAnyOf(o, [ExpOp, Log2Op, SqrtOp])).map((o) => o.name)).toEqual(['math.exp']);
    expect(isAnyOf(undefined, [AddIOp])).toBe(false);
    expect(isAnyOf(all[0], [])).toBe(false);
  });

  it('reads the named operands of ops declared in loops', () => {
    const all = ops();
    const add = all.find((o) => AddIOp.is(o))!;
    const mul = all.find((o) => MulIOp.is(o))!;
    expect(MulIOp.lhs(mul)).toBe(add.result(0));
    const sel = all.find((o) => SelectOp.is(o))!;
    expect(SelectOp.true_value(sel)).toBe(add.result(0));
    expect(SelectOp.false_value(sel)).toBe(mul.result(0));
    const addf = all.find((o) => AddFOp.is(o))!;
    expect(AddFOp.fastmath(addf).has('ninf')).toBe(false); // absent: the declared default
    const exp = all.find((o) => ExpOp.is(o))!;
    expect(AddFOp.lhs(addf)).toBe(exp.result(0));
    expect(ExpOp.operand(exp)).toBe(AddFOp.rhs(addf));
    expect(ConstantOp.value(all.find((o) => ConstantOp.is(o))!)).toBeDefined();
  });

  it('splits SameVariadicOperandSize groups evenly when an op has no segment sizes', () => {
    const parsed = ops().find((o) => MakeTensorDescOp.is(o))!;
    const [p, a, b, s0, s1] = parsed.operandValues as [Operation['operandValues'][number], ...Operation['operandValues']];
    const bare = createOperation({ name: MakeTensorDescOp.opName, operands: [p, a!, b!, s0!, s1!], resultTypes: [parsed.result(0).type] });
    expect(bare.operandSegments).toBeUndefined();
    expect(MakeTensorDescOp.base(bare)).toBe(p);
    expect(MakeTensorDescOp.shape(bare)).toEqual([a, b]);
    expect(MakeTensorDescOp.strides(bare)).toEqual([s0, s1]);
    expect(MakeTensorDescOp.shape(parsed)).toEqual([a, b]);
    expect(MakeTensorDescOp.padding(bare).num).toBe(1);
  });

  it('declares the descriptor ops with DescriptorOpInterface and the scf loops as loop-like', () => {
    expect(DescriptorLoadOp.def.traits.has('DescriptorOpInterface')).toBe(true);
    expect(LoadOp.def.traits.has('DescriptorOpInterface')).toBe(false);
    expect(StoreOp.def.traits.has('DescriptorStoreLikeOpInterface')).toBe(false);
    expect(ForOp.def.traits.has('LoopLikeOpInterface') && WhileOp.def.traits.has('LoopLikeOpInterface')).toBe(true);
  });
});
