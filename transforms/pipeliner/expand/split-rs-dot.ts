/**
 * Splitting a register-operand wgmma along K (Triton 3.6's splitRSDot in WGMMAPipeline.cpp): a
 * `ttng.warp_group_dot` whose A is a tensor, with K larger than the instruction's K (instrShape[2]), becomes
 * K/instrK chained dots (`useC = true` after the first), so that all but the last can stay in flight.
 * A is reshaped to [..., 2, ..., 2, instrK], transposed so the splits peel the slowest halves first, split
 * recursively and converted back to the dot-operand layout; B is cut into K-slices with `ttg.memdesc_subslice`.
 * Layouts of the intermediate tensors follow the ops' layout inference (linear layouts where needed).
 */
import { DenseArrayAttr, IntegerAttr } from '../../../dialect/ir/attribute.js';
import { Builder } from '../../../dialect/ir/builder.js';
import type { Operation, Value } from '../../../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../../../dialect/ir/type.js';
import { NvidiaMmaEncodingAttr } from '../../../dialect/ttg/attrs/mma.js';
import { MemDescType } from '../../../dialect/ttg/types.js';
import { WarpGroupDotOp } from '../../../dialect/ttng/ops.js';
import { inferReshapeOpEncoding, inferSplitOpEncoding, inferTransOpEncoding } from '../../../dialect/ttg/utils/layout-utils.js';
import { constBool } from './loop-utils.js';

function reshape(b: Builder, v: Value, shape: readonly number[]): Value {
  const t = v.type as RankedTensorType;
  const enc = inferReshapeOpEncoding(t.shape, t.encoding!, shape);
  if (!enc) throw new Error('splitRSDot: no layout for the reshaped operand');
  return b.create({ name: 'tt.reshape', operands: [v], resultTypes: [RankedTensorType.get(shape, t.elementType, enc)] }).result(0);
}

function trans(b: Builder, v: Value, order: readonly number[]): Value {
  const t = v.type as RankedTensorType;
  const enc = inferTransOpEncoding(t.encoding!, t.shape, order);
  if (!enc) throw new Error('splitRSDot: no layout for the transposed operand');
  const shape = order.map((o) => t.shape[o]!);
  return b
    .create({ name: 'tt.trans', operands: [v], resultTypes: [RankedTensorType.get(shape, t.elementType, enc)], attributes: [['order', DenseArrayAttr.get(IntegerType.get(32), order)]] })
    .result(0);
}

function split(b: Builder, v: Value): [Value, Value] {
  const t = v.type as RankedTensorType;
  const enc = inferSplitOpEncoding(t.encoding!, t.shape);
  if (!enc) throw new Error('splitRSDot: no layout for the split operand');
  const rt = RankedTensorType.get(t.shape.slice(0, -1), t.elementType, enc);
  const op = b.create({ name: 'tt.split', operands: [v], resultTypes: [rt, rt] });
  return [op.result(0), op.result(1)];
}

/** A (M x K, registers) as K/newK tensors of M x newK in A's dot-operand layout. */
function splitLhs(b: Builder, lhs: Value, newK: number): Value[] {
  const type = lhs.type as RankedTensorType;
  const rank = type.shape.length;
  const nSplits = type.shape[rank - 1]! / newK;
  const shape = type.shape.slice(0, -1);
  for (let i = 1; i < nSplits; i *= 2) shape.push(2);
  shape.push(newK);
  let v = reshape(b, lhs, shape);
  const order = [...Array(rank - 1).keys(), shape.length - 1];
  for (let d = shape.length - 2; d >= rank - 1; d--) order.push(d);
  v = trans(b, v, order);
  let ret = [v];
  for (let i = 1; i < nSplits; i *= 2) {
    const cur = ret;
    ret = [];
    for (const x of cur) ret.push(...split(b, x));
  }
  const first = ret[0]!.type as RankedTensorType;
  const mmaType = RankedTensorType.get(first.shape, type.elementType, type.encoding);
  return ret.map((x) => b.create({ name: 'ttg.convert_layout', operands: [x], resultTypes: [mmaType] }).result(0));
}

/** B (K x N in shared memory) as K/newK subslices of newK x N. */
function splitRhs(b: Builder, rhs: Value, newK: number): Value[] {
  const type = rhs.type as MemDescType;
  const rank = type.shape.length;
  const kDim = rank - 2;
  const nSplits = type.shape[kDim]! / newK;
  const shape = [...type.shape];
  shape[kDim] = newK;
  const newType = MemDescType.get({ shape, elementType: type.elementType, encoding: type.encoding, memorySpace: type.memorySpace, mutableMemory: false, allocShape: type.allocShape });
  const out: Value[] = [];
  for (let i = 0; i < nSplits; i++) {
    const offsets = new Array<number>(rank).fill(0);
    offsets[kDim] = i * newK;
    out.push(b.create({ name: 'ttg.memdesc_subslice', operands: [rhs], resultTypes: [newType], attributes: [['offsets', DenseArrayAttr.get(IntegerType.get(32), offsets)]] }).result(0));
  }
  return out;
}

/** Splits a register-A wgmma into instruction-K dots (see the file comment); returns the dots in order. */
export function splitRSDot(dot: Operation): Operation[] {
  const a = WarpGroupDotOp.a(dot);
  if (!(a.type instanceof RankedTensorType)) return [dot];
  const origK = a.type.shape[a.type.shape.length - 1]!;
  const enc = (dot.result(0).type as RankedTensorType).encoding as NvidiaMmaEncodingAttr;
  const newK = enc.instrShape[2]!;
  const numSplits = origK / newK;
  if (numSplits <= 1) return [dot];
  const b = new Builder();
  b.setInsertionPoint(dot);
  const lhss = splitLhs(b, a, newK);
  const rhss = splitRhs(b, WarpGroupDotOp.b(dot), newK);
  let useC: Value | undefined = WarpGroupDotOp.useC(dot);
  let c = WarpGroupDotOp.c(dot);
  let impreciseLeft = Number(WarpGroupDotOp.maxNumImpreciseAcc(dot).value);
  const dots: Operation[] = [];
  for (let i = 0; i < numSplits; i++) {
    const take = Math.min(impreciseLeft, newK);
    const numImprecise = take === newK ? 1 << 30 : take;
    impreciseLeft -= take;
    const attrs: [string, IntegerAttr][] = [];
    const ip = dot.getAttr('inputPrecision');
    if (ip instanceof IntegerAttr) attrs.push(['inputPrecision', ip]);
    attrs.push(['maxNumImpreciseAcc', IntegerAttr.i32(numImprecise)]);
    attrs.push(['isAsync', WarpGroupDotOp.isAsync(dot)]);
    const nd = b.create({
      name: 'ttng.warp_group_dot',
      operands: [lhss[i]!, rhss[i]!, c, ...(useC ? [useC] : [])],
      resultTypes: [dot.result(0).type],
      attributes: attrs,
      loc: dot.loc,
    });
    dots.push(nd);
    c = nd.result(0);
    useC = constBool(b, true);
  }
  dot.result(0).replaceAllUsesWith(c);
  dot.erase();
  return dots;
}
