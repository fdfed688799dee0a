/**
 * Device-side TMA descriptors in pipelined loops (Triton 3.6's lowerTMADescriptors / createTMADesc): each
 * `tt.make_tensor_descriptor` inside the loop writes its descriptor into a ring of 128-byte global scratch
 * slots (`ttg.global_scratch_alloc`, one slot per pipeline stage, plus one when the loop has a wgmma), with
 * `ttng.tensormap_create` + `ttng.tensormap_fenceproxy_acquire`, and its users read it back through
 * `ttng.reinterpret_tensor_descriptor`. The slot index is a loop-carried counter, threaded out of enclosing
 * `scf.if`/`scf.for` regions up to the loop body. The descriptor's box, swizzle mode and element type come
 * from the descriptor's NVMMA shared encoding, its global dims/strides from the op's operands.
 */
import { IntegerAttr } from '../../../dialect/ir/attribute.js';
import { Diagnostic, DiagnosticError, onOp } from '../../../dialect/ir/diagnostics.js';
import { UnknownLoc } from '../../../dialect/ir/location.js';
import type { Builder } from '../../../dialect/ir/builder.js';
import { Builder as PlainBuilder } from '../../../dialect/ir/builder.js';
import { createOperation } from '../../../dialect/ir/create.js';
import type { Block, Operation, Value } from '../../../dialect/ir/ir.js';
import { FloatType, IntegerType, type Type } from '../../../dialect/ir/type.js';
import { NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr } from '../../../dialect/ttg/attrs/shared.js';
import { getShapePerCTA } from '../../../dialect/ttg/layout-queries.js';
import { PointerType, TensorDescType } from '../../../dialect/tt/types.js';
import type { CoarseSchedule } from './coarse-schedule.js';
import { StageBuilder, addIterArgsToLoop, appendYieldOperands, binary, constI32, forBody, forYield, incrementModulo } from './loop-utils.js';
import { ForOp, IfOp, YieldOp } from '../../../dialect/scf/ops.js';
import { MakeTensorDescOp } from '../../../dialect/tt/ops.js';
import { WarpGroupDotOp } from '../../../dialect/ttng/ops.js';

const TMA_SIZE_BYTES = 128;
const TMA_ALIGN = 128;

function i32Const(b: Builder, v: number): Value {
  return constI32(b, v);
}

/** The TMA box: the per-CTA shape capped at 256, the contiguous dim set to the swizzle width. */
function tmaBlockShape(shapePerCTA: readonly number[], bits: number, swizzleBytes: number, fp4Padded: boolean, transposed: boolean): number[] {
  const shape = [...shapePerCTA];
  const contig = transposed ? 0 : shape.length - 1;
  if (fp4Padded) shape[contig] = shape[contig]! * 2;
  for (let i = 0; i < shape.length; i++) shape[i] = Math.min(shape[i]!, 256);
  if (swizzleBytes !== 0) {
    const size = (8 * swizzleBytes) / bits;
    if (shape[contig]! < size) throw new DiagnosticError(new Diagnostic('error', 'Block shape is too small for the swizzle byte size in NVMMA Shared Layout.', UnknownLoc.get()));
    shape[contig] = size;
  }
  return shape;
}

function tmaElementType(elem: Type, fp4Padded: boolean): number {
  if (fp4Padded) return 14;
  if (elem instanceof FloatType) {
    if (elem.kind === 'bf16') return 10;
    if (elem.kind === 'f16') return 6;
    if (elem.kind === 'f32') return 7;
    if (elem.kind === 'f64') return 9;
  }
  const bytes = (elem instanceof IntegerType || elem instanceof FloatType ? elem.width : 0) / 8;
  const signed = elem instanceof IntegerType && elem.signedness === 'signed';
  if (bytes === 1) return 0;
  if (bytes === 2) return 1;
  if (bytes === 4) return signed ? 3 : 2;
  if (bytes === 8) return signed ? 5 : 4;
  throw new DiagnosticError(new Diagnostic('error', `Tensor descriptor element type must have size 1, 2, or 4 but got ${bytes}`, UnknownLoc.get()));
}

/** Writes the descriptor `op` describes into `tmaPtr` (createTMADesc). */
export function createTMADesc(b: Builder, tmaPtr: Value, op: Operation): void {
  const descTy = op.result(0).type as TensorDescType;
  const enc = descTy.blockType.encoding;
  const base = MakeTensorDescOp.base(op);
  const elem = (base.type as PointerType).pointee;
  const elemBits = elem instanceof IntegerType || elem instanceof FloatType ? elem.width : 64;
  const nv = enc instanceof NVMMASharedEncodingAttr ? enc : undefined;
  if (!nv && !(enc instanceof SwizzledSharedEncodingAttr && enc.vec === 1 && enc.perPhase === 1 && enc.maxPhase === 1))
    throw new DiagnosticError(onOp(new Diagnostic('error', 'Unhandled encoding type', op.loc), op));
  const fp4Padded = nv?.fp4Padded ?? false;
  const shape = descTy.blockType.shape;
  const shapePerCTA = getShapePerCTA(enc!, shape);
  const swizzleBytes = nv?.swizzlingByteWidth ?? 0;
  const block = tmaBlockShape(shapePerCTA, nv?.elementBitWidth ?? elemBits, swizzleBytes, fp4Padded, nv?.transposed ?? false);
  const boxDim: Value[] = [i32Const(b, block[block.length - 1]!)];
  for (let k = shapePerCTA.length - 2; k >= 0; k--) boxDim.push(i32Const(b, block[k]!));
  const swizzleMode = swizzleBytes === 128 ? 3 : swizzleBytes === 64 ? 2 : swizzleBytes === 32 ? 1 : 0;
  const i64 = IntegerType.get(64);
  const elemSize = b.create({ name: 'arith.constant', resultTypes: [i64], attributes: [['value', IntegerAttr.get(i64, elemBits / 8)]], loc: op.loc }).result(0);
  const shapeOps = MakeTensorDescOp.shape(op);
  const strideOps = MakeTensorDescOp.strides(op);
  const globalDim = [...shapeOps].reverse();
  let globalStride: Value[] = [];
  for (let k = strideOps.length - 2; k >= 0; k--) globalStride.push(strideOps[k]!);
  if (fp4Padded) globalDim[0] = binary(b, 'arith.muli', globalDim[0]!, i32Const(b, 2));
  const one = i32Const(b, 1);
  const elementStride = globalDim.map(() => one);
  globalStride = globalStride.map((s) => binary(b, 'arith.muli', s, elemSize));
  const padding = op.getAttr('padding');
  const fillMode = padding instanceof IntegerAttr && padding.value === 2n ? 1 : 0;
  b.create({
    name: 'ttng.tensormap_create',
    operands: [tmaPtr, base, ...boxDim, ...globalDim, ...globalStride, ...elementStride],
    operandSegments: [1, 1, boxDim.length, globalDim.length, globalStride.length, elementStride.length],
    attributes: [
      ['elem_type', IntegerAttr.i32(tmaElementType(elem, fp4Padded))],
      ['interleave_layout', IntegerAttr.i32(0)],
      ['swizzle_mode', IntegerAttr.i32(swizzleMode)],
      ['fill_mode', IntegerAttr.i32(fillMode)],
    ],
    loc: op.loc,
  });
}

function ensureYield(b: Builder, region: import('../../../dialect/ir/ir.js').Region, loc: Operation['loc']): void {
  if (!region.blocks.length) region.addBlock();
  const blk = region.blocks[0]!;
  if (!YieldOp.is(blk.terminator)) {
    const saved = b.saveInsertionPoint();
    b.setInsertionPointToEnd(blk);
    b.create({ name: 'scf.yield', loc });
    b.restoreInsertionPoint(saved);
  }
}

/**
 * `out` redefines `in` inside `block`; threads it out of the enclosing regions up to `in`'s block (as a new
 * result of each enclosing `scf.if` / `scf.for`) and returns the value visible there (sinkValueRedefinition).
 */
export function sinkValueRedefinition(b: Builder, input: Value, out: Value, block: Block): Value {
  const saved = b.saveInsertionPoint();
  for (; block !== input.parentBlock; block = block.parentOp!.parent!) {
    const op = block.parentOp!;
    b.setInsertionPoint(op);
    if (ForOp.is(op)) {
      const loop = addIterArgsToLoop(b, op, [input]);
      appendYieldOperands(loop, [out]);
      out = loop.result(loop.results.length - 1);
      continue;
    }
    if (IfOp.is(op)) {
      const newIf = createOperation({
        name: 'scf.if',
        operands: [IfOp.condition(op)],
        resultTypes: [...op.results.map((r) => r.type), out.type],
        attributes: [...op.attributes],
        regions: 2,
        loc: op.loc,
      });
      b.insert(newIf);
      newIf.region(0).takeBody(op.region(0));
      newIf.region(1).takeBody(op.region(1));
      ensureYield(b, newIf.region(0), op.loc);
      ensureYield(b, newIf.region(1), op.loc);
      op.results.forEach((r, i) => r.replaceAllUsesWith(newIf.result(i)));
      let taken = newIf.region(0).blocks[0]!.terminator!;
      let other = newIf.region(1).blocks[0]!.terminator!;
      if (block === newIf.region(1).blocks[0]) [taken, other] = [other, taken];
      taken.setOperands([...taken.operandValues, out]);
      other.setOperands([...other.operandValues, input]);
      out = newIf.result(newIf.results.length - 1);
      op.erase();
      continue;
    }
    throw new Error(`FIXME: sinking into unhandled control flow op: ${op.name}`);
  }
  b.restoreInsertionPoint(saved);
  return out;
}

/** Rewrites the loop's `tt.make_tensor_descriptor`s as described in the file comment; returns the loop. */
export function lowerTMADescriptors(forOp: Operation, schedule: CoarseSchedule): Operation {
  let maxStage = schedule.numStages - 1;
  if (forBody(forOp).ops.some((o) => WarpGroupDotOp.is(o))) maxStage += 1;
  const pre = new PlainBuilder();
  pre.setInsertionPoint(forOp);
  const buffers: [Operation, Value][] = [];
  forOp.walkPostOrder((op) => {
    if (!MakeTensorDescOp.is(op)) return;
    const alloc = pre
      .create({
        name: 'ttg.global_scratch_alloc',
        resultTypes: [PointerType.get(IntegerType.get(8), 1)],
        attributes: [
          ['nbytes', IntegerAttr.i32(maxStage * TMA_SIZE_BYTES)],
          ['alignment', IntegerAttr.i32(TMA_ALIGN)],
        ],
        loc: op.loc,
      })
      .result(0);
    buffers.push([op, alloc]);
  });
  if (!buffers.length) return forOp;
  const zero = constI32(pre, 0);
  const one = constI32(pre, 1);
  const firstArg = forBody(forOp).args.length;
  const inits = buffers.map(() => zero);
  forOp = addIterArgsToLoop(pre, forOp, inits);
  appendYieldOperands(forOp, inits);
  const counters = forBody(forOp).args.slice(firstArg);
  const aux = new PlainBuilder();
  aux.setInsertionPoint(forOp);
  const numBuffers = constI32(aux, maxStage);
  buffers.forEach(([op, alloc], i) => {
    const b = StageBuilder.at(schedule, op);
    const counter = counters[i]!;
    const tmaSize = constI32(b, TMA_SIZE_BYTES);
    const offset = binary(b, 'arith.muli', tmaSize, counter);
    const nextBuf = b.create({ name: 'tt.addptr', operands: [alloc, offset], resultTypes: [alloc.type], loc: op.loc }).result(0);
    createTMADesc(b, nextBuf, op);
    b.create({ name: 'ttng.tensormap_fenceproxy_acquire', operands: [nextBuf], loc: op.loc });
    const nextDesc = b.create({ name: 'ttng.reinterpret_tensor_descriptor', operands: [nextBuf], resultTypes: [op.result(0).type], loc: op.loc }).result(0);
    op.result(0).replaceAllUsesWith(nextDesc);
    let next = incrementModulo(b, counter, numBuffers, zero, one).value;
    next = sinkValueRedefinition(new PlainBuilder(), counter, next, op.parent!);
    forYield(forOp).setOperand(counter.index - 1, next);
  });
  return forOp;
}
