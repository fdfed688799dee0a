/**
 * `triton-rewrite-tensor-descriptor-to-pointer` (Triton's TritonRewriteTensorDescriptorToPointer, run by make_ttir
 * below sm90, where there is no TMA): every `!tt.tensordesc<tensor<S x T>>` value becomes 2·rank + 2 values —
 * the base pointer, the shape and the strides (i64 each) and the padding flag (i1, true for NaN padding) — and
 * the descriptor ops become plain pointer arithmetic:
 * - `tt.make_tensor_descriptor` → its base, its shape sign-extended to i64 (folded when constant), its strides
 *   and a constant padding flag;
 * - `tt.descriptor_load` / `store` / `gather` / `scatter` / `reduce` → `tt.load` / `tt.store` / `tt.atomic_rmw`
 *   on `splat(base) + Σ broadcast(index_i * stride_i)` with the in-bounds mask `0 <= index_i < shape_i`; loads
 *   take `other` = 0, or select(padding, NaN, 0) for floats; the descriptor op's attributes are kept;
 * - function signatures, `tt.call`, `tt.return`, `scf.for` / `scf.if` / `scf.yield` and `arith.select` carry the
 *   expanded values (a select of descriptors becomes an `scf.if`).
 * A descriptor reduction with no atomic equivalent (min/max of a float or signless integer) is a located error,
 * with Triton's message.
 */
import { ArrayAttr, DictionaryAttr, IntegerAttr, TypeAttr, type Attribute } from '../dialect/ir/attribute.js';
import { Builder } from '../dialect/ir/builder.js';
import type { Location } from '../dialect/ir/location.js';
import type { Block, Operation, Value } from '../dialect/ir/ir.js';
import { DenseElementsAttr } from '../dialect/ir/attribute.js';
import { FloatType, FunctionType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { PointerType, TensorDescType } from '../dialect/tt/types.js';
import { registerPass, type PassContext } from './pass.js';
import { getConstantValue, intOrSplatValue } from '../dialect/ir/rewrite/registry.js';
import { AddPtrOp, AtomicRMWOp, BroadcastOp, CallOp, DescriptorGatherOp, DescriptorLoadOp, DescriptorReduceOp, DescriptorScatterOp, DescriptorStoreOp, ExpandDimsOp, FuncOp, LoadOp, MakeRangeOp, MakeTensorDescOp, ReturnOp, SplatOp, StoreOp } from '../dialect/tt/ops.js';
import { AddIOp, AndIOp, CmpIOp, ConstantOp, ExtSIOp, MulIOp, SelectOp } from '../dialect/arith/ops.js';
import type { OpHandleCore } from '../dialect/ir/op-handle.js';
import { ForOp, IfOp, YieldOp } from '../dialect/scf/ops.js';

const i64 = (): IntegerType => IntegerType.get(64);
const i32 = (): IntegerType => IntegerType.get(32);
const i1 = (): IntegerType => IntegerType.get(1);

/** The signless block type (unsigned/signed element types become signless). */
function blockTypeOf(t: TensorDescType): RankedTensorType {
  const b = t.blockType;
  const e = b.elementType;
  return e instanceof IntegerType && !e.isSignless ? RankedTensorType.get(b.shape, IntegerType.get(e.width), b.encoding) : b;
}

/** The types a descriptor type stands for: pointer, rank × i64 shape, rank × i64 strides, i1 padding. */
function expandType(t: Type): Type[] {
  if (!(t instanceof TensorDescType)) return [t];
  const b = blockTypeOf(t);
  const rank = b.shape.length;
  return [PointerType.get(b.elementType), ...Array.from({ length: 2 * rank }, i64), i1()];
}

const hasDesc = (types: readonly Type[]): boolean => types.some((t) => t instanceof TensorDescType);

interface Desc {
  base: Value;
  shape: Value[];
  strides: Value[];
  padding: Value;
}

function unpack(t: TensorDescType, pack: readonly Value[]): Desc {
  const rank = t.blockType.shape.length;
  return { base: pack[0]!, shape: pack.slice(1, 1 + rank), strides: pack.slice(1 + rank, 1 + 2 * rank), padding: pack[1 + 2 * rank]! };
}

/** An error Triton reports at an op. */
class ConversionError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message);
  }
}

class Emitter {
  constructor(
    readonly b: Builder,
    readonly loc: Location,
  ) {}
  op(handle: OpHandleCore, operands: readonly Value[], type: Type, attributes: [string, Attribute][] = []): Value {
    return this.b.create({ name: handle.opName, operands: [...operands], resultTypes: [type], attributes, loc: this.loc }).result();
  }
  constant(type: Type, value: Attribute): Value {
    return this.op(ConstantOp, [], type, [['value', value]]);
  }
  /** arith.extsi to i64, folded to a constant when `v` is one (createOrFold). */
  toI64(v: Value): Value {
    if (v.type === i64()) return v;
    const c = intOrSplatValue(getConstantValue(v));
    if (c !== undefined) return this.constant(i64(), IntegerAttr.get(i64(), BigInt.asIntN(64, c)));
    return this.op(ExtSIOp, [v], i64());
  }
  expand(v: Value, shape: readonly number[], dim: number): Value {
    let r = v;
    for (let j = 0; j < shape.length; j++) {
      if (j === dim) continue;
      const s = [...(r.type as RankedTensorType).shape];
      s.splice(j, 0, 1);
      r = this.op(ExpandDimsOp, [r], RankedTensorType.get(s, (r.type as RankedTensorType).elementType), [['axis', IntegerAttr.get(i32(), BigInt(j))]]);
    }
    return r;
  }
  /** offset + [0, n) along `dim`, as i64, expanded to the block's rank. */
  indexRange(shape: readonly number[], offset: Value, dim: number): Value {
    const n = shape[dim]!;
    const row = RankedTensorType.get([n], i64());
    const splat = this.op(SplatOp, [offset], row);
    const range = this.op(MakeRangeOp, [], RankedTensorType.get([n], i32()), [
      ['end', IntegerAttr.get(i32(), BigInt(n))],
      ['start', IntegerAttr.get(i32(), 0n)],
    ]);
    const wide = this.op(ExtSIOp, [range], row);
    return this.expand(this.op(AddIOp, [splat, wide], row), shape, dim);
  }
  pointersFrom(shape: readonly number[], d: Desc, ranges: readonly Value[]): Value {
    const ptrTensor = RankedTensorType.get(shape, d.base.type);
    let ptr = this.op(SplatOp, [d.base], ptrTensor);
    ranges.forEach((r, i) => {
      const stride = this.op(SplatOp, [d.strides[i]!], r.type);
      const scaled = this.op(MulIOp, [r, stride], r.type);
      const full = this.op(BroadcastOp, [scaled], RankedTensorType.get(shape, i64()));
      ptr = this.op(AddPtrOp, [ptr, full], ptrTensor);
    });
    return ptr;
  }
  maskFrom(shape: readonly number[], d: Desc, ranges: readonly Value[]): Value {
    const maskType = RankedTensorType.get(shape, i1());
    let mask: Value | undefined;
    ranges.forEach((r, i) => {
      const boolType = (r.type as RankedTensorType).withElementType(i1());
      const zero = this.constant(i64(), IntegerAttr.get(i64(), 0n));
      const ge = this.op(CmpIOp, [r, this.op(SplatOp, [zero], r.type)], boolType, [['predicate', IntegerAttr.get(i64(), 5n)]]);
      const lt = this.op(CmpIOp, [r, this.op(SplatOp, [d.shape[i]!], r.type)], boolType, [['predicate', IntegerAttr.get(i64(), 2n)]]);
      const full = this.op(BroadcastOp, [this.op(AndIOp, [ge, lt], boolType)], maskType);
      mask = mask ? this.op(AndIOp, [mask, full], maskType) : full;
    });
    return mask!;
  }
  /** Pointers for a block at `offsets` (each dim's index range is made twice, as Triton makes it). */
  pointers(shape: readonly number[], d: Desc, offsets: readonly Value[]): Value {
    return this.pointersFrom(shape, d, offsets.map((o, i) => this.indexRange(shape, o, i)));
  }
  mask(shape: readonly number[], d: Desc, offsets: readonly Value[]): Value {
    return this.maskFrom(shape, d, offsets.map((o, i) => this.indexRange(shape, o, i)));
  }
  other(element: Type, shape: readonly number[], padding: Value): Value {
    const t = RankedTensorType.get(shape, element);
    if (element instanceof FloatType) {
      const nan = this.constant(t, DenseElementsAttr.get(t, [Number.NaN]));
      const zero = this.constant(t, DenseElementsAttr.get(t, [0]));
      return this.op(SelectOp, [padding, nan, zero], t);
    }
    return this.constant(t, DenseElementsAttr.get(t, [0]));
  }
}

/** Triton's fallback atomic for a descriptor reduction kind (DescriptorReduceKind 1..8), if there is one. */
function atomicKind(kind: number, element: Type): number | undefined {
  const isInt = element instanceof IntegerType;
  const signedness = element instanceof IntegerType ? element.signedness : undefined;
  // RMWOp: and 1, or 2, xor 3, add 4, fadd 5, max 6, min 7, umax 8, umin 9
  switch (kind) {
    case 1:
      return isInt ? 4 : 5;
    case 2:
      return signedness === 'unsigned' ? 9 : signedness === 'signed' ? 7 : undefined;
    case 3:
      return signedness === 'unsigned' ? 8 : signedness === 'signed' ? 6 : undefined;
    case 6:
      return 1;
    case 7:
      return 2;
    case 8:
      return 3;
    default:
      return undefined;
  }
}

const withoutSegments = (op: Operation): [string, Attribute][] => [...op.attributes].filter(([n]) => n !== 'operandSegmentSizes');

class DescriptorRewriter {
  private readonly packs = new Map<Value, Value[]>();
  private readonly dead: Operation[] = [];

  /** The values standing for `v` (itself when it is no descriptor). */
  private valuesOf(v: Value): Value[] {
    if (!(v.type instanceof TensorDescType)) return [v];
    const p = this.packs.get(v);
    if (!p) throw new Error('tensor descriptor without a rewritten definition');
    return p;
  }

  private flat(values: readonly Value[]): Value[] {
    return values.flatMap((v) => this.valuesOf(v));
  }

  run(module: Operation): void {
    for (const r of module.regions) for (const b of r.blocks) for (const op of [...b.ops]) if (FuncOp.is(op)) this.func(op);
    for (let i = this.dead.length - 1; i >= 0; i--) {
      const op = this.dead[i]!;
      for (const r of op.results) if (r.uses.length) throw new ConversionError(op, `failed to legalize operation '${op.name}'`);
      op.erase();
    }
    // Descriptor block arguments go last: their users (now erased) were rewritten onto the expanded arguments.
    for (const block of this.blocksWithDescArgs) {
      for (let i = block.args.length - 1; i >= 0; i--) {
        const a = block.args[i]!;
        if (!(a.type instanceof TensorDescType)) continue;
        if (a.uses.length) throw new ConversionError(a.uses[0]!.owner, `failed to legalize operation '${a.uses[0]!.owner.name}'`);
        block.eraseArgument(i);
      }
    }
  }

  private func(fn: Operation): void {
    const ft = FuncOp.function_type(fn).value;
    if (!(ft instanceof FunctionType)) return;
    const body = fn.regions[0]?.blocks[0];
    if (hasDesc(ft.inputs) || hasDesc(ft.results)) {
      const inputs = ft.inputs.flatMap(expandType);
      const results = ft.results.flatMap(expandType);
      const argAttrs = FuncOp.arg_attrs(fn);
      if (argAttrs instanceof ArrayAttr && inputs.length !== ft.inputs.length) {
        const out: Attribute[] = inputs.map(() => DictionaryAttr.get([]));
        let k = 0;
        ft.inputs.forEach((t, i) => {
          out[k] = argAttrs.elements[i]!;
          k += expandType(t).length;
        });
        fn.setAttr('arg_attrs', ArrayAttr.get(out));
      }
      fn.setAttr('function_type', TypeAttr.get(FunctionType.get(inputs, results)));
      if (body) this.expandBlockArgs(body, 0);
    }
    if (body) this.region(fn);
  }

  /** Replaces each descriptor argument of `block` (from index `from`) by its expanded arguments, in place. */
  private expandBlockArgs(block: Block, from: number): void {
    for (let i = from; i < block.args.length; i++) {
      const arg = block.args[i]!;
      if (!(arg.type instanceof TensorDescType)) continue;
      const types = expandType(arg.type);
      const fresh = types.map((t, j) => block.insertArgument(i + 1 + j, t, arg.loc));
      this.packs.set(arg, fresh);
      i += types.length;
    }
  }

  private region(op: Operation): void {
    for (const r of op.regions) for (const block of r.blocks) for (const nested of [...block.ops]) this.rewrite(nested);
    for (const r of op.regions) for (const block of r.blocks) if (block.args.some((a) => a.type instanceof TensorDescType)) this.blocksWithDescArgs.add(block);
  }

  private readonly blocksWithDescArgs = new Set<Block>();

  private rewrite(op: Operation): void {
    const b = new Builder();
    b.setInsertionPoint(op);
    const e = new Emitter(b, op.loc);
    if (MakeTensorDescOp.is(op)) {
      const t = op.result().type as TensorDescType;
      const rank = t.blockType.shape.length;
      const shape = MakeTensorDescOp.shape(op).slice(0, rank).map((v) => e.toI64(v));
      const strides = MakeTensorDescOp.strides(op).slice(0, rank);
      // PaddingOption: 1 zero (the default), 2 nan
      const nan = MakeTensorDescOp.padding(op).value === 2n;
      const padding = e.constant(i1(), IntegerAttr.get(i1(), nan ? 1n : 0n));
      this.packs.set(op.result(), [MakeTensorDescOp.base(op), ...shape, ...strides, padding]);
      this.dead.push(op);
      return;
    }
    if (DescriptorLoadOp.is(op)) {
      const desc = DescriptorLoadOp.desc(op);
      const t = desc.type as TensorDescType;
      const d = unpack(t, this.valuesOf(desc));
      const shape = t.blockType.shape;
      const offsets = DescriptorLoadOp.indices(op).map((v) => e.toI64(v));
      const other = e.other(blockTypeOf(t).elementType, shape, d.padding);
      const ptr = e.pointers(shape, d, offsets);
      const mask = e.mask(shape, d, offsets);
      const load = b.create({ name: LoadOp.opName, operands: [ptr, mask, other], resultTypes: [op.result().type], attributes: withoutSegments(op), operandSegments: [1, 1, 1], loc: op.loc });
      op.result().replaceAllUsesWith(load.result());
      this.dead.push(op);
      return;
    }
    if (DescriptorStoreOp.is(op)) {
      const desc = DescriptorStoreOp.desc(op);
      const t = desc.type as TensorDescType;
      const d = unpack(t, this.valuesOf(desc));
      const shape = t.blockType.shape;
      const offsets = DescriptorStoreOp.indices(op).map((v) => e.toI64(v));
      const ptr = e.pointers(shape, d, offsets);
      const mask = e.mask(shape, d, offsets);
      b.create({ name: StoreOp.opName, operands: [ptr, DescriptorStoreOp.src(op), mask], attributes: withoutSegments(op), operandSegments: [1, 1, 1], loc: op.loc });
      this.dead.push(op);
      return;
    }
    if (DescriptorGatherOp.is(op) || DescriptorScatterOp.is(op)) {
      const gather = DescriptorGatherOp.is(op);
      const handle = gather ? DescriptorGatherOp : DescriptorScatterOp;
      const desc = handle.desc(op);
      const t = desc.type as TensorDescType;
      const d = unpack(t, this.valuesOf(desc));
      const shape = (gather ? op.result().type : DescriptorScatterOp.src(op).type) as RankedTensorType;
      const x = e.expand(handle.x_offsets(op), shape.shape, 0);
      const y = e.toI64(handle.y_offset(op));
      const xWide = e.op(ExtSIOp, [x], RankedTensorType.get((x.type as RankedTensorType).shape, i64()));
      const yRange = e.indexRange(shape.shape, y, 1);
      const ptr = e.pointersFrom(shape.shape, d, [xWide, yRange]);
      const mask = e.maskFrom(shape.shape, d, [xWide, yRange]);
      if (gather) {
        const other = e.other(blockTypeOf(t).elementType, shape.shape, d.padding);
        const load = b.create({ name: LoadOp.opName, operands: [ptr, mask, other], resultTypes: [op.result().type], attributes: withoutSegments(op), operandSegments: [1, 1, 1], loc: op.loc });
        op.result().replaceAllUsesWith(load.result());
      } else {
        b.create({ name: StoreOp.opName, operands: [ptr, DescriptorScatterOp.src(op), mask], attributes: withoutSegments(op), operandSegments: [1, 1, 1], loc: op.loc });
      }
      this.dead.push(op);
      return;
    }
    if (DescriptorReduceOp.is(op)) {
      const desc = DescriptorReduceOp.desc(op);
      const t = desc.type as TensorDescType;
      const kind = atomicKind(Number(DescriptorReduceOp.kind(op).value), t.blockType.elementType);
      if (kind === undefined) {
        throw new ConversionError(op, `Cannot fallback on descriptor atomic op, unsupported for type ${t.blockType.elementType.toString()}`);
      }
      const d = unpack(t, this.valuesOf(desc));
      const shape = t.blockType.shape;
      const offsets = DescriptorReduceOp.indices(op).map((v) => e.toI64(v));
      const ptr = e.pointers(shape, d, offsets);
      const mask = e.mask(shape, d, offsets);
      b.create({
        name: AtomicRMWOp.opName,
        operands: [ptr, DescriptorReduceOp.src(op), mask],
        resultTypes: [blockTypeOf(t)],
        attributes: [
          ['atomic_rmw_op', IntegerAttr.i32(kind)],
          ['scope', IntegerAttr.i32(1)],
          ['sem', IntegerAttr.i32(3)],
        ],
        operandSegments: [1, 1, 1],
        loc: op.loc,
      });
      this.dead.push(op);
      return;
    }
    const touches = hasDesc(op.operandValues.map((v) => v.type)) || hasDesc(op.results.map((r) => r.type));
    if (!touches) {
      if (op.regions.length) this.region(op);
      return;
    }
    if (ReturnOp.is(op) || YieldOp.is(op)) {
      op.setOperands(this.flat(op.operandValues));
      return;
    }
    if (CallOp.is(op)) {
      const call = b.create({ name: CallOp.opName, operands: this.flat(op.operandValues), resultTypes: op.results.flatMap((r) => expandType(r.type)), attributes: [...op.attributes], loc: op.loc });
      this.bindResults(op, call);
      return;
    }
    if (SelectOp.is(op)) {
      const t = op.result().type;
      const newIf = b.create({ name: IfOp.opName, operands: [SelectOp.condition(op)], resultTypes: expandType(t), attributes: [...op.attributes], regions: 2, loc: op.loc });
      for (const [k, v] of [
        [0, SelectOp.true_value(op)],
        [1, SelectOp.false_value(op)],
      ] as const) {
        const block = b.createBlock(newIf.regions[k]!);
        const inner = new Builder();
        inner.setInsertionPointToEnd(block);
        inner.create({ name: YieldOp.opName, operands: this.valuesOf(v), loc: op.loc });
      }
      this.bindResults(op, newIf);
      return;
    }
    if (ForOp.is(op)) {
      const inits = ForOp.initArgs(op);
      const newFor = b.create({
        name: ForOp.opName,
        operands: [ForOp.lowerBound(op), ForOp.upperBound(op), ForOp.step(op), ...this.flat(inits)],
        resultTypes: inits.flatMap((v) => expandType(v.type)),
        attributes: [...op.attributes],
        regions: 1,
        loc: op.loc,
      });
      const body = op.regions[0]!.blocks[0]!;
      newFor.regions[0]!.addBlock(body);
      this.expandBlockArgs(body, 1);
      this.bindResults(op, newFor);
      this.region(newFor);
      return;
    }
    if (IfOp.is(op)) {
      const newIf = b.create({ name: IfOp.opName, operands: [IfOp.condition(op)], resultTypes: op.results.flatMap((r) => expandType(r.type)), attributes: [...op.attributes], regions: 2, loc: op.loc });
      op.regions.forEach((r, k) => {
        for (const blk of [...r.blocks]) newIf.regions[k]!.addBlock(blk);
      });
      this.bindResults(op, newIf);
      this.region(newIf);
      return;
    }
    throw new ConversionError(op, `failed to legalize operation '${op.name}'`);
  }

  /** Maps `old`'s results onto `repl`'s (expanded) results and retires `old`. */
  private bindResults(old: Operation, repl: Operation): void {
    let k = 0;
    for (const r of old.results) {
      const n = expandType(r.type).length;
      const vals = repl.results.slice(k, k + n);
      k += n;
      if (r.type instanceof TensorDescType) this.packs.set(r, vals);
      else r.replaceAllUsesWith(vals[0]!);
    }
    this.dead.push(old);
  }
}

export function rewriteTensorDescriptors(module: Operation, ctx: PassContext): void {
  try {
    new DescriptorRewriter().run(module);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    ctx.emitError(e.op, e.message);
    ctx.signalPassFailure();
  }
}

export const TRITON_REWRITE_TENSOR_DESCRIPTOR_TO_POINTER_PASS = registerPass({
  name: 'triton-rewrite-tensor-descriptor-to-pointer',
  className: 'TritonRewriteTensorDescriptorToPointer',
  description: 'Rewrite load/stores of tensor descriptors into pointer load/stores',
  run(module, _options, ctx) {
    rewriteTensorDescriptors(module, ctx);
  },
});

