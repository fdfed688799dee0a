// Typed op handles (dialect/ir/op-handle.ts): accessors generated from the op declarations, by ODS name.
import { describe, expect, expectTypeOf, it } from 'vitest';
import '../dialect/index.js';
import type { IntegerAttr, UnitAttr } from '../dialect/ir/attribute.js';
import type { Operation, OpResult, Region, Value } from '../dialect/ir/ir.js';
import { ForOp, IfOp, YieldOp } from '../dialect/scf/ops.js';
import { DotOp, LoadOp, StoreOp } from '../dialect/tt/ops.js';
import { ConvertLayoutOp, LocalAllocOp } from '../dialect/ttg/ops.js';
import { Parser } from '../parser/parser.js';

const SRC = `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%p: tensor<128x!tt.ptr<f32>, #blocked>, %m: tensor<128xi1, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %0 = tt.load %p, %m : tensor<128x!tt.ptr<f32>, #blocked>
    %1 = tt.load %p cacheModifier = ca : tensor<128x!tt.ptr<f32>, #blocked>
    %2 = ttg.convert_layout %0 : tensor<128xf32, #blocked> -> tensor<128xf32, #blocked1>
    %3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %1) -> (tensor<128xf32, #blocked>) : i32 {
      scf.yield %a : tensor<128xf32, #blocked>
    }
    tt.store %p, %3 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
`;

function ops(): Operation[] {
  const m = new Parser(SRC, { filename: 'h.mlir' }).parseModule();
  const out: Operation[] = [];
  m.walk((op) => void out.push(op));
  return out;
}

describe('op handles', () => {
  it('recognize their ops and read operands, results, attributes and regions by name', () => {
    const all = ops();
    const loads = all.filter((o) => LoadOp.is(o));
    expect(loads).toHaveLength(2);
    const [masked, plain] = [loads[0]!, loads[1]!];
    expect(LoadOp.ptr(masked)).toBe(masked.operand(0));
    expect(LoadOp.mask(masked)).toBe(masked.operand(1));
    expect(LoadOp.other(masked)).toBeUndefined();
    expect(LoadOp.mask(plain)).toBeUndefined();
    expect(LoadOp.cache(plain).num).toBe(2);
    expect(LoadOp.cache(masked).num).toBe(1); // absent: the declared default
    expect(LoadOp.padding(masked)).toBeUndefined();
    expect(LoadOp.result(masked)).toBe(masked.result(0));
    const cvt = all.find((o) => ConvertLayoutOp.is(o))!;
    expect(ConvertLayoutOp.src(cvt)).toBe(masked.result(0));
    const loop = all.find((o) => ForOp.is(o))!;
    expect(ForOp.initArgs(loop)).toEqual([plain.result(0)]);
    expect(ForOp.step(loop)).toBe(loop.operand(2));
    expect(ForOp.results(loop)).toEqual([loop.result(0)]);
    expect(ForOp.region(loop)).toBe(loop.region(0));
    expect(YieldOp.is(ForOp.region(loop).blocks[0]!.ops.at(-1))).toBe(true);
    expect(StoreOp.value(all.find((o) => StoreOp.is(o))!)).toBe(loop.result(0));
    expect(IfOp.is(loop)).toBe(false);
    expect(DotOp.opName).toBe('tt.dot');
  });

  it('have types derived from the declarations', () => {
    expectTypeOf(LoadOp.ptr).returns.toEqualTypeOf<Value>();
    expectTypeOf(LoadOp.mask).returns.toEqualTypeOf<Value | undefined>();
    expectTypeOf(LoadOp.cache).returns.toEqualTypeOf<IntegerAttr>();
    expectTypeOf(LoadOp.result).returns.toEqualTypeOf<OpResult>();
    expectTypeOf(ForOp.initArgs).returns.toEqualTypeOf<Value[]>();
    expectTypeOf(ForOp.results).returns.toEqualTypeOf<OpResult[]>();
    expectTypeOf(ForOp.region).returns.toEqualTypeOf<Region>();
    expectTypeOf(ForOp.unsignedCmp).returns.toEqualTypeOf<UnitAttr | undefined>();
    expectTypeOf(LocalAllocOp.src).returns.toEqualTypeOf<Value | undefined>();
    expectTypeOf(LocalAllocOp.alignment).returns.toEqualTypeOf<IntegerAttr | undefined>();
    expectTypeOf(DotOp.inputPrecision).returns.toEqualTypeOf<IntegerAttr>();
  });
});
