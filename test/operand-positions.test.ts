// Operand positions of op handles (dialect/ir/op-handle.ts), the structural accessors (dialect/ir/operand-traits.ts)
// and the lowering's named conversion adaptor built on them (`ctx.lowered(H.x)`, lowering/conversion.ts).
import { describe, expect, expectTypeOf, it } from 'vitest';
import '../dialect/index.js';
import '../tools/passes.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { defineOp } from '../dialect/ir/op-definition.js';
import { BinaryOperands, OneOperand } from '../dialect/ir/operand-traits.js';
import { AddFOp, ExtFOp } from '../dialect/arith/ops.js';
import { CondBranchOp } from '../dialect/cf/ops.js';
import { ForOp } from '../dialect/scf/ops.js';
import { LoadOp, PrintOp } from '../dialect/tt/ops.js';
import { AsyncCopyGlobalToLocalOp } from '../dialect/ttg/ops.js';
import { Parser } from '../parser/parser.js';
import { printOperation } from '../printer/printer.js';
import { registerLowering, type LoweringContext } from '../lowering/conversion.js';
import { convertTritonGPUToLLVM } from '../lowering/index.js';

const HEAD = `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {`;

function parse(body: string): Operation[] {
  const m = new Parser(`${HEAD}\n${body}\n}`, { filename: 'p.mlir' }).parseModule();
  const out: Operation[] = [];
  m.walk((op) => void out.push(op));
  return out;
}

describe('operand positions of handles', () => {
  const ops = parse(`
  tt.func @f(%p: tensor<128x!tt.ptr<f32>, #blocked>, %m: tensor<128xi1, #blocked>, %o: tensor<128xf32, #blocked>,
             %buf: !ttg.memdesc<128xf32, #shared, #smem, mutable>, %n: i32, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %0 = tt.load %p : tensor<128x!tt.ptr<f32>, #blocked>
    %1 = tt.load %p, %m : tensor<128x!tt.ptr<f32>, #blocked>
    %2 = tt.load %p, %m, %o : tensor<128x!tt.ptr<f32>, #blocked>
    %3 = ttg.async_copy_global_to_local %p, %buf mask %m other %o : tensor<128x!tt.ptr<f32>, #blocked> -> <128xf32, #shared, #smem, mutable>
    %4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %0) -> (tensor<128xf32, #blocked>) : i32 {
      scf.yield %a : tensor<128xf32, #blocked>
    }
    tt.print ": " {hex = false, isSigned = array<i32: 0, 0>} : %0, %1 : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
    cf.cond_br %c, ^bb1(%n : i32), ^bb2(%c0, %c1 : i32, i32)
  ^bb1(%x: i32):
    tt.return
  ^bb2(%y: i32, %z: i32):
    tt.return
  }`);
  const loads = ops.filter((o) => LoadOp.is(o));

  it('place single, optional and variadic groups as the declaration does', () => {
    expect(loads.map((l) => LoadOp.ptr.positions(l))).toEqual([[0], [0], [0]]);
    expect(loads.map((l) => LoadOp.mask.positions(l))).toEqual([[], [1], [1]]);
    expect(loads.map((l) => LoadOp.other.positions(l))).toEqual([[], [], [2]]);
    const copy = ops.find((o) => AsyncCopyGlobalToLocalOp.is(o))!;
    expect(AsyncCopyGlobalToLocalOp.result.positions(copy)).toEqual([1]);
    expect(AsyncCopyGlobalToLocalOp.other.positions(copy)).toEqual([3]);
    const loop = ops.find((o) => ForOp.is(o))!;
    expect(ForOp.step.positions(loop)).toEqual([2]);
    expect(ForOp.initArgs.positions(loop)).toEqual([3]);
    expect(PrintOp.args.positions(ops.find((o) => PrintOp.is(o))!)).toEqual([0, 1]);
  });

  it('follow the segment sizes of ops with several variadic groups', () => {
    const br = ops.find((o) => CondBranchOp.is(o))!;
    expect(CondBranchOp.condition.positions(br)).toEqual([0]);
    expect(CondBranchOp.trueDestOperands.positions(br)).toEqual([1]);
    expect(CondBranchOp.falseDestOperands.positions(br)).toEqual([2, 3]);
    // The positions name the same values the accessors read.
    expect(CondBranchOp.falseDestOperands.positions(br).map((i) => br.operand(i))).toEqual(CondBranchOp.falseDestOperands(br));
  });

  it('carry the operand name and kind', () => {
    expect([LoadOp.mask.operandName, LoadOp.mask.kind]).toEqual(['mask', 'optional']);
    expect([ForOp.initArgs.operandName, ForOp.initArgs.kind]).toEqual(['initArgs', 'variadic']);
  });
});

describe('structural operand accessors', () => {
  const ops = parse(`
  tt.func @g(%x: tensor<128xf32, #blocked>, %y: tensor<128xf32, #blocked>) -> tensor<128xf64, #blocked> {
    %0 = arith.addf %x, %y : tensor<128xf32, #blocked>
    %1 = arith.extf %0 : tensor<128xf32, #blocked> to tensor<128xf64, #blocked>
    tt.return %1 : tensor<128xf64, #blocked>
  }`);
  const add = ops.find((o) => AddFOp.is(o))!;
  const ext = ops.find((o) => ExtFOp.is(o))!;

  it('read the operand of one-operand ops and the sides of binary ops', () => {
    expect(OneOperand.is(ext)).toBe(true);
    expect(OneOperand.is(add)).toBe(false);
    expect(OneOperand.operand(ext)).toBe(add.result(0));
    expect(BinaryOperands.is(add)).toBe(true);
    expect([BinaryOperands.lhs(add), BinaryOperands.rhs(add)]).toEqual(add.operandValues);
    expect(BinaryOperands.rhs.positions(add)).toEqual([1]);
  });

  it('refuse ops of another structure', () => {
    expect(() => OneOperand.operand(add)).toThrow('arith.addf is not a one-operand op (it has 2 operands)');
    expect(() => BinaryOperands.lhs.positions(ext)).toThrow('arith.extf is not a binary op (it has 1 operands)');
  });
});

// A test op with every kind of operand group, lowered by a pattern that records what the adaptor gives.
const AdaptOp = defineOp({ name: 'test_adaptor.op', operands: ['a', 'b?', 'rest*'], traits: ['SameVariadicOperandSize'] });
const seen: { a: Value[]; b: Value[] | undefined; rest: Value[][]; a2: Value[]; scalar?: Value }[] = [];
registerLowering(AdaptOp, (_op, ctx: LoweringContext) => {
  const a = ctx.lowered(AdaptOp.a);
  const b = ctx.lowered(AdaptOp.b);
  const rest = ctx.lowered(AdaptOp.rest);
  seen.push({ a, b, rest, a2: ctx.lowered(AdaptOp.a), ...(a.length === 1 ? { scalar: ctx.scalar(AdaptOp.a) } : {}) });
});

describe('the lowering adaptor (ctx.lowered)', () => {
  it('types its result by the operand kind', () => {
    expectTypeOf<LoweringContext['lowered']>().toBeFunction();
    const typed = (ctx: LoweringContext): void => {
      expectTypeOf(ctx.lowered(LoadOp.ptr)).toEqualTypeOf<Value[]>();
      expectTypeOf(ctx.lowered(LoadOp.mask)).toEqualTypeOf<Value[] | undefined>();
      expectTypeOf(ctx.lowered(PrintOp.args)).toEqualTypeOf<Value[][]>();
      expectTypeOf(ctx.lowered(OneOperand.operand)).toEqualTypeOf<Value[]>();
    };
    expect(typed).toBeTypeOf('function');
  });

  it('gives the registers of each named operand, unpacked once per operand position', () => {
    seen.length = 0;
    const m = new Parser(
      `${HEAD}
  tt.func @k(%t: tensor<128xf32, #blocked>, %s: f32) {
    "test_adaptor.op"(%t, %t, %t) : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> ()
    "test_adaptor.op"(%s) : (f32) -> ()
    tt.return
  }
}`,
      { filename: 'k.mlir' },
    ).parseModule();
    expect(convertTritonGPUToLLVM(m, { computeCapability: 80, ptxVersion: 87 }).map((e) => e.message)).toEqual([]);
    expect(seen).toHaveLength(2);
    const [three, one] = [seen[0]!, seen[1]!];
    // One value used at three positions: each position unpacks its own registers (as Triton's adaptor does) ...
    expect(three.a).toHaveLength(1);
    expect(three.b).toHaveLength(1);
    expect(three.rest).toHaveLength(1);
    expect(three.b![0]).not.toBe(three.a[0]);
    expect(three.rest[0]![0]).not.toBe(three.b![0]);
    // ... and a second read of the same position is the cached list.
    expect(three.a2).toBe(three.a);
    expect(one.b).toBeUndefined();
    expect(one.rest).toEqual([]);
    expect(one.scalar).toBe(one.a[0]);
    expect(printOperation(m).match(/llvm\.extractvalue/g)).toHaveLength(3);
  });
});
