// Op handles of ops declared in families (arith's binary ops and casts, math's functions, llvm's casts, nvvm's
// operand-less ops) and of ops whose operands are built by a helper (llvm's operand()): each is its own typed
// handle, found by the name the family gives it, with accessors named and typed by the declaration.
import { describe, expect, expectTypeOf, it } from 'vitest';
import '../dialect/index.js';
import { AddFOp, AddIOp, CmpIOp, ExtSIOp, IndexCastOp, SubIOp, TruncFOp } from '../dialect/arith/ops.js';
import type { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { getOpDefinition } from '../dialect/ir/op-definition.js';
import { AddrSpaceCastOp, BitcastOp, CondBrOp, ExtractValueOp, InsertValueOp, LLVMFuncOp } from '../dialect/llvm/ops.js';
import { CountLeadingZerosOp, ExpOp, FmaOp, IsNaNOp, PowFOp, SqrtOp } from '../dialect/math/ops.js';
import { Barrier0Op } from '../dialect/nvvm/ops.js';
import { Parser } from '../parser/parser.js';

const SRC = `module {
  tt.func @f(%a: i32, %b: i32, %x: f32, %y: f32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.subi %0, %a : i32
    %2 = arith.cmpi slt, %1, %b : i32
    %3 = arith.extsi %a : i32 to i64
    %4 = arith.addf %x, %y : f32
    %5 = math.exp %4 : f32
    %6 = math.powf %5, %y : f32
    %7 = math.fma %x, %y, %6 : f32
    tt.return
  }
}
`;

function ops(): Operation[] {
  const m = new Parser(SRC, { filename: 'families.mlir' }).parseModule();
  const out: Operation[] = [];
  m.walk((op) => void out.push(op));
  return out;
}

describe('op handles of op families', () => {
  it('name each op of a family and recognize only it', () => {
    const all = ops();
    const add = all.find((o) => AddIOp.is(o))!;
    const sub = all.find((o) => SubIOp.is(o))!;
    expect(AddIOp.opName).toBe('arith.addi');
    expect(SubIOp.is(add)).toBe(false);
    expect(SubIOp.lhs(sub)).toBe(add.result(0));
    expect(SubIOp.rhs(sub)).toBe(add.operand(0));
    const cmp = all.find((o) => CmpIOp.is(o))!;
    expect(CmpIOp.predicate(cmp).num).toBe(2); // slt
    expect(CmpIOp.lhs(cmp)).toBe(sub.result(0));
    expect(ExtSIOp.in(all.find((o) => ExtSIOp.is(o))!)).toBe(add.operand(0));
    const addf = all.find((o) => AddFOp.is(o))!;
    const exp = all.find((o) => ExpOp.is(o))!;
    expect(ExpOp.operand(exp)).toBe(addf.result(0));
    const pow = all.find((o) => PowFOp.is(o))!;
    expect(PowFOp.lhs(pow)).toBe(exp.result(0));
    expect(FmaOp.c(all.find((o) => FmaOp.is(o))!)).toBe(pow.result(0));
    expect(all.filter((o) => SqrtOp.is(o) || IsNaNOp.is(o) || CountLeadingZerosOp.is(o))).toEqual([]);
  });

  it('register the same definitions the families declared', () => {
    for (const h of [AddIOp, SubIOp, CmpIOp, ExtSIOp, IndexCastOp, TruncFOp, ExpOp, PowFOp, IsNaNOp, CountLeadingZerosOp, BitcastOp, AddrSpaceCastOp, Barrier0Op]) {
      expect(getOpDefinition(h.opName)).toBe(h.def);
    }
    expect([BitcastOp.opName, AddrSpaceCastOp.opName, Barrier0Op.opName]).toEqual(['llvm.bitcast', 'llvm.addrspacecast', 'nvvm.barrier0']);
  });

  it('have accessors typed by the declarations, helper-built operands included', () => {
    expectTypeOf(AddIOp.lhs).returns.toEqualTypeOf<Value>();
    expectTypeOf(CmpIOp.predicate).returns.toEqualTypeOf<IntegerAttr>();
    expectTypeOf(ExtractValueOp.container).returns.toEqualTypeOf<Value>();
    expectTypeOf(InsertValueOp.value).returns.toEqualTypeOf<Value>();
    expectTypeOf(BitcastOp.arg).returns.toEqualTypeOf<Value>();
    expectTypeOf(CondBrOp.trueDestOperands).returns.toEqualTypeOf<Value[]>();
    expectTypeOf(LLVMFuncOp.function_type).returns.toMatchTypeOf<{ readonly value: unknown }>();
  });
});
