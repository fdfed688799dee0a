/**
 * `triton-rewrite-tensor-pointer` (Triton's TritonRewriteTensorPointer): replaces block pointers
 * (`!tt.ptr<tensor<...>>` from `tt.make_tensor_ptr` / `tt.advance`) by tensors of pointers, as make_ttir does
 * before any layout exists.
 *
 * What it decides, and from what:
 * - A block pointer is tracked as (base, shape, strides, i64 offsets): `tt.make_tensor_ptr` sign-extends its
 *   offsets, `tt.advance` adds its (sign-extended) deltas to them; both ops disappear.
 * - A `tt.load` / `tt.store` of a block pointer becomes one of `splat(base) + Σ_i broadcast(expand(offset_i +
 *   range_i) * splat(stride_i))`; its boundary check dims become a mask `0 <= offset_i + range_i < shape_i`
 *   (and-ed over the dims, in the order listed), and a load's padding an `other` of zero (or NaN).
 * - Loops and ifs that carry block pointers carry their offsets instead (one i64 per dim, in place of the
 *   pointer); their bodies are rebuilt and rewritten the same way.
 * - Block pointers through `scf.while` or `cf` branches are not supported (Triton aborts): a located error.
 */
import { DenseArrayAttr, FloatAttr, IntegerAttr, type Attribute } from '../dialect/ir/attribute.js';
import { Builder, IRMapping } from '../dialect/ir/builder.js';
import type { Location } from '../dialect/ir/location.js';
import type { Block, Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, type Type } from '../dialect/ir/type.js';
import { PointerType } from '../dialect/tt/types.js';
import { registerPass, type PassContext } from './pass.js';
import { ForOp, IfOp, YieldOp } from '../dialect/scf/ops.js';
import { AddPtrOp, AdvanceOp, BroadcastOp, ExpandDimsOp, LoadOp, MakeRangeOp, MakeTensorPtrOp, SplatOp, StoreOp } from '../dialect/tt/ops.js';
import { AddIOp, AndIOp, CmpIOp, ConstantOp, ExtSIOp, MulIOp } from '../dialect/arith/ops.js';

const i64 = (): IntegerType => IntegerType.get(64);
const i32 = (): IntegerType => IntegerType.get(32);

const isTensorPointer = (t: Type): boolean => t instanceof PointerType && t.pointee instanceof RankedTensorType;

/** What a block pointer stands for; copied on every use, so its cache of index tensors is per rewritten op. */
class BlockPointer {
  private readonly cache = new Map<number, Value>();
  constructor(
    readonly base: Value,
    readonly shape: readonly Value[],
    readonly strides: readonly Value[],
    readonly offsets: readonly Value[],
    readonly tensorShape: readonly number[],
  ) {}

  get rank(): number {
    return this.shape.length;
  }

  withOffsets(offsets: readonly Value[]): BlockPointer {
    return new BlockPointer(this.base, this.shape, this.strides, offsets, this.tensorShape);
  }

  copy(): BlockPointer {
    return this.withOffsets(this.offsets);
  }

  /** offset_i + [0, n_i), as i64, expanded to the tensor's rank (cached per dim). */
  indexAlong(b: Builder, loc: Location, i: number): Value {
    const hit = this.cache.get(i);
    if (hit) return hit;
    const n = this.tensorShape[i]!;
    const rowI64 = RankedTensorType.get([n], i64());
    const splat = b.create({ name: SplatOp.opName, operands: [this.offsets[i]!], resultTypes: [rowI64], loc }).result();
    const range = b
      .create({
        name: MakeRangeOp.opName,
        resultTypes: [RankedTensorType.get([n], i32())],
        attributes: [
          ['end', IntegerAttr.get(i32(), BigInt(n))],
          ['start', IntegerAttr.get(i32(), 0n)],
        ],
        loc,
      })
      .result();
    const wide = b.create({ name: ExtSIOp.opName, operands: [range], resultTypes: [rowI64], loc }).result();
    let v = b.create({ name: AddIOp.opName, operands: [splat, wide], resultTypes: [rowI64], loc }).result();
    for (let j = 0; j < this.tensorShape.length; j++) {
      if (j === i) continue;
      const shape = [...(v.type as RankedTensorType).shape];
      shape.splice(j, 0, 1);
      v = b
        .create({ name: ExpandDimsOp.opName, operands: [v], resultTypes: [RankedTensorType.get(shape, i64())], attributes: [['axis', IntegerAttr.get(i32(), BigInt(j))]], loc })
        .result();
    }
    this.cache.set(i, v);
    return v;
  }

  pointers(b: Builder, loc: Location): Value {
    const ptrType = this.base.type as PointerType;
    const ptrTensor = RankedTensorType.get(this.tensorShape, ptrType);
    const indexTensor = RankedTensorType.get(this.tensorShape, i64());
    let ptr = b.create({ name: SplatOp.opName, operands: [this.base], resultTypes: [ptrTensor], loc }).result();
    for (let i = 0; i < this.tensorShape.length; i++) {
      const idx = this.indexAlong(b, loc, i);
      const stride = b.create({ name: SplatOp.opName, operands: [this.strides[i]!], resultTypes: [idx.type], loc }).result();
      const scaled = b.create({ name: MulIOp.opName, operands: [idx, stride], resultTypes: [idx.type], loc }).result();
      const full = b.create({ name: BroadcastOp.opName, operands: [scaled], resultTypes: [indexTensor], loc }).result();
      ptr = b.create({ name: AddPtrOp.opName, operands: [ptr, full], resultTypes: [ptrTensor], loc }).result();
    }
    return ptr;
  }

  mask(b: Builder, loc: Location, dims: readonly number[] | undefined): Value | undefined {
    if (!dims) return undefined;
    const maskType = RankedTensorType.get(this.tensorShape, IntegerType.get(1));
    let mask: Value | undefined;
    for (const i of dims) {
      const idx = this.indexAlong(b, loc, i);
      const zero = b.create({ name: ConstantOp.opName, resultTypes: [i64()], attributes: [['value', IntegerAttr.get(i64(), 0n)]], loc }).result();
      const lowSplat = b.create({ name: SplatOp.opName, operands: [zero], resultTypes: [idx.type], loc }).result();
      const boolType = (idx.type as RankedTensorType).withElementType(IntegerType.get(1));
      const geLow = b.create({ name: CmpIOp.opName, operands: [idx, lowSplat], resultTypes: [boolType], attributes: [['predicate', IntegerAttr.get(i64(), 5n)]], loc }).result();
      const highSplat = b.create({ name: SplatOp.opName, operands: [this.shape[i]!], resultTypes: [idx.type], loc }).result();
      const ltHigh = b.create({ name: CmpIOp.opName, operands: [idx, highSplat], resultTypes: [boolType], attributes: [['predicate', IntegerAttr.get(i64(), 2n)]], loc }).result();
      const both = b.create({ name: AndIOp.opName, operands: [geLow, ltHigh], resultTypes: [boolType], loc }).result();
      const full = b.create({ name: BroadcastOp.opName, operands: [both], resultTypes: [maskType], loc }).result();
      mask = mask ? b.create({ name: AndIOp.opName, operands: [mask, full], resultTypes: [maskType], loc }).result() : full;
    }
    return mask;
  }

  /** The `other` of a padded load: zero, or NaN for `padding = nan` (PaddingOption 2). */
  other(b: Builder, loc: Location, padding: number | undefined): Value | undefined {
    if (padding === undefined) return undefined;
    const el = (this.base.type as PointerType).pointee;
    let value: Attribute;
    if (el instanceof FloatType) value = FloatAttr.get(el, padding === 2 ? Number.NaN : 0);
    else value = IntegerAttr.get(el, 0n);
    const c = b.create({ name: ConstantOp.opName, resultTypes: [el], attributes: [['value', value]], loc }).result();
    return b.create({ name: SplatOp.opName, operands: [c], resultTypes: [RankedTensorType.get(this.tensorShape, el)], loc }).result();
  }
}

/** A block pointer used where the pass cannot follow it (Triton aborts there). */
class UnsupportedUse extends Error {
  constructor(readonly op: Operation) {
    super('block pointers are only supported through scf.for and scf.if, not through scf.while or cf branches');
  }
}

function intArray(a: Attribute | undefined): number[] | undefined {
  return a instanceof DenseArrayAttr ? [...a.values].map(Number) : undefined;
}

class Rewriter {
  private readonly info = new Map<Value, BlockPointer>();
  private readonly eraser: Operation[] = [];

  run(root: Operation): void {
    this.visit(root);
    for (let i = this.eraser.length - 1; i >= 0; i--) this.eraser[i]!.erase();
  }

  private lookup(v: Value, op: Operation): BlockPointer {
    const bp = this.info.get(v);
    if (!bp) throw new UnsupportedUse(op);
    return bp;
  }

  private visit(op: Operation): void {
    for (const r of op.regions) for (const block of r.blocks) for (const nested of [...block.ops]) {
      const next = this.rewrite(nested);
      if (next) this.visit(next);
    }
  }

  private rewrite(op: Operation): Operation | undefined {
    const b = new Builder();
    b.setInsertionPoint(op);
    if (MakeTensorPtrOp.is(op)) return this.makeTensorPtr(b, op);
    if (AdvanceOp.is(op)) return this.advance(b, op);
    if (LoadOp.is(op) || StoreOp.is(op)) return this.loadStore(b, op);
    const dialect = op.name.split('.')[0];
    if (dialect !== 'scf' && dialect !== 'cf') return op;
    if (IfOp.is(op)) return this.ifOp(b, op);
    if (!op.operandValues.some((v) => isTensorPointer(v.type))) return op;
    if (ForOp.is(op)) return this.forOp(b, op);
    if (YieldOp.is(op)) {
      const operands = op.operandValues.flatMap((v) => (isTensorPointer(v.type) ? [...this.lookup(v, op).offsets] : [v]));
      op.setOperands(operands);
      return undefined;
    }
    throw new UnsupportedUse(op);
  }

  private makeTensorPtr(b: Builder, op: Operation): undefined {
    const pointee = (op.result().type as PointerType).pointee as RankedTensorType;
    const offsets = MakeTensorPtrOp.offsets(op).map((o) => b.create({ name: ExtSIOp.opName, operands: [o], resultTypes: [i64()], loc: op.loc }).result());
    this.info.set(op.result(), new BlockPointer(MakeTensorPtrOp.base(op), MakeTensorPtrOp.shape(op), MakeTensorPtrOp.strides(op), offsets, pointee.shape));
    this.eraser.push(op);
    return undefined;
  }

  private advance(b: Builder, op: Operation): undefined {
    const bp = this.lookup(AdvanceOp.ptr(op), op);
    const deltas = AdvanceOp.offsets(op);
    const offsets = bp.offsets.map((off, i) => {
      const wide = b.create({ name: ExtSIOp.opName, operands: [deltas[i]!], resultTypes: [i64()], loc: op.loc }).result();
      return b.create({ name: AddIOp.opName, operands: [off, wide], resultTypes: [i64()], loc: op.loc }).result();
    });
    this.info.set(op.result(), bp.withOffsets(offsets));
    this.eraser.push(op);
    return undefined;
  }

  private loadStore(b: Builder, op: Operation): undefined {
    const ptr = LoadOp.is(op) ? LoadOp.ptr(op) : StoreOp.ptr(op);
    if (!isTensorPointer(ptr.type)) return undefined;
    const bp = this.lookup(ptr, op).copy();
    const loc = op.loc;
    const dims = intArray(LoadOp.is(op) ? LoadOp.boundaryCheck(op) : StoreOp.boundaryCheck(op));
    const newPtr = bp.pointers(b, loc);
    const mask = bp.mask(b, loc, dims ?? []);
    const keep = ['cache', 'evict', 'isVolatile']
      .map((n) => [n, op.getAttr(n)] as const)
      .filter((x): x is readonly [string, Attribute] => x[1] !== undefined)
      .map(([n, a]): [string, Attribute] => [n, a]);
    if (LoadOp.is(op)) {
      const pad = LoadOp.padding(op);
      const other = bp.other(b, loc, pad ? Number(pad.value) : undefined);
      const load = b.create({
        name: LoadOp.opName,
        operands: [newPtr, ...(mask ? [mask] : []), ...(other ? [other] : [])],
        resultTypes: [op.result().type],
        attributes: keep,
        operandSegments: [1, mask ? 1 : 0, other ? 1 : 0],
        loc,
      });
      op.result().replaceAllUsesWith(load.result());
    } else {
      b.create({
        name: StoreOp.opName,
        operands: [newPtr, StoreOp.value(op), ...(mask ? [mask] : [])],
        attributes: keep.filter(([n]) => n !== 'isVolatile'),
        operandSegments: [1, 1, mask ? 1 : 0],
        loc,
      });
    }
    this.eraser.push(op);
    return undefined;
  }

  /** The make_tensor_ptr a block pointer value comes from (through advances, loops and ifs). */
  private sourceOf(v: Value, op: Operation): Operation {
    for (let guard = 0; guard < 10000; guard++) {
      const def = v.definingOp;
      if (!def) {
        // A loop-carried block pointer: follow the loop's init value.
        const owner = (v as { owner?: Block }).owner?.parentOp;
        const index = (v as { index?: number }).index ?? 0;
        if (ForOp.is(owner) && index > 0) {
          v = ForOp.initArgs(owner)[index - 1]!;
          continue;
        }
        throw new UnsupportedUse(op);
      }
      if (MakeTensorPtrOp.is(def)) return def;
      if (AdvanceOp.is(def)) {
        v = AdvanceOp.ptr(def);
        continue;
      }
      if (def.regions.length) {
        const idx = def.results.indexOf(v as (typeof def.results)[number]);
        const yields: Operation[] = [];
        def.walkPostOrder((o) => {
          if (YieldOp.is(o)) yields.push(o);
        });
        if (!yields.length || idx < 0) throw new UnsupportedUse(op);
        v = yields[0]!.operand(idx);
        continue;
      }
      throw new UnsupportedUse(op);
    }
    throw new UnsupportedUse(op);
  }

  private ifOp(b: Builder, op: Operation): Operation {
    const thenBlock = op.regions[0]!.blocks[0]!;
    const results = thenBlock.terminator!.operandValues;
    const newTypes: Type[] = [];
    let needed = false;
    for (const r of results) {
      if (!isTensorPointer(r.type)) {
        newTypes.push(r.type);
        continue;
      }
      needed = true;
      const bp = this.lookup(this.sourceOf(r, op).result(), op);
      for (let j = 0; j < bp.rank; j++) newTypes.push(i64());
    }
    if (!needed) return op;
    const hasElse = (op.regions[1]?.blocks.length ?? 0) > 0;
    const newIf = b.create({ name: IfOp.opName, operands: [IfOp.condition(op)], resultTypes: newTypes, attributes: [...op.attributes], regions: 2, loc: op.loc });
    const mapping = new IRMapping();
    const copyInto = (from: Block, regionIndex: number): void => {
      const block = b.createBlock(newIf.regions[regionIndex]!);
      const inner = new Builder();
      inner.setInsertionPointToEnd(block);
      for (const o of from.ops) inner.clone(o, mapping);
    };
    copyInto(thenBlock, 0);
    if (hasElse) copyInto(op.regions[1]!.blocks[0]!, 1);
    let k = 0;
    results.forEach((r, i) => {
      if (!isTensorPointer(r.type)) {
        op.results[i]!.replaceAllUsesWith(newIf.results[k++]!);
        return;
      }
      const bp = this.lookup(this.sourceOf(r, op).result(), op);
      const offsets = Array.from({ length: bp.rank }, () => newIf.results[k++]!);
      this.info.set(op.results[i]!, bp.withOffsets(offsets));
    });
    this.eraser.push(op);
    return newIf;
  }

  private forOp(b: Builder, op: Operation): Operation {
    const inits = ForOp.initArgs(op);
    const newInits = inits.flatMap((v) => (isTensorPointer(v.type) ? [...this.lookup(v, op).offsets] : [v]));
    const body = op.regions[0]!.blocks[0]!;
    const newFor = b.create({
      name: ForOp.opName,
      operands: [ForOp.lowerBound(op), ForOp.upperBound(op), ForOp.step(op), ...newInits],
      resultTypes: newInits.map((v) => v.type),
      attributes: [...op.attributes],
      regions: 1,
      loc: op.loc,
    });
    const newBody = b.createBlock(newFor.regions[0]!, 0, [ForOp.lowerBound(op).type, ...newInits.map((v) => v.type)], [body.args[0]!.loc, ...newInits.map(() => op.loc)]);
    const mapping = new IRMapping();
    let k = 1;
    inits.forEach((init, i) => {
      const arg = body.args[i + 1]!;
      if (isTensorPointer(init.type)) {
        const bp = this.lookup(init, op);
        mapping.map(arg, arg);
        this.info.set(arg, bp.withOffsets(Array.from({ length: bp.rank }, () => newBody.args[k++]!)));
      } else mapping.map(arg, newBody.args[k++]!);
    });
    mapping.map(body.args[0]!, newBody.args[0]!);
    const inner = new Builder();
    inner.setInsertionPointToEnd(newBody);
    for (const o of body.ops) inner.clone(o, mapping);
    let r = 0;
    op.results.forEach((res, i) => {
      const init = inits[i]!;
      if (isTensorPointer(res.type)) {
        const bp = this.lookup(init, op);
        this.info.set(res, bp.withOffsets(Array.from({ length: bp.rank }, () => newFor.results[r++]!)));
      } else res.replaceAllUsesWith(newFor.results[r++]!);
    });
    this.eraser.push(op);
    return newFor;
  }
}

export function rewriteTensorPointers(module: Operation, ctx: PassContext): void {
  try {
    new Rewriter().run(module);
  } catch (e) {
    if (!(e instanceof UnsupportedUse)) throw e;
    ctx.emitError(e.op, e.message);
    ctx.signalPassFailure();
  }
}

export const TRITON_REWRITE_TENSOR_POINTER_PASS = registerPass({
  name: 'triton-rewrite-tensor-pointer',
  className: 'TritonRewriteTensorPointer',
  description: 'Rewrite load/stores with tensor pointers into legacy load/stores',
  run(module, _options, ctx) {
    rewriteTensorPointers(module, ctx);
  },
});
