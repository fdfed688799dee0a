/**
 * Global atomics (Triton 3.6's AtomicRMWOpConversion / AtomicCASOpConversion for NVIDIA).
 *
 * Each unique register issues one predicated `atom.global` (inline PTX) whose predicate is the mask and the
 * "first thread holding this element" predicate:
 *
 *   mov.u32 $0, 0x0;
 *   @$3 atom.global.gpu.relaxed.add.f32 $0, [ $1 + 0 ], $2;
 *   atom.global.acq_rel.gpu.cas.b32 $0, [ $1 + 0 ], $2, $3;
 *
 * Vectorization: on sm90+ an `fadd` of f16/bf16/f32 moves up to 128 contiguous bits with `.v2/.v4/.v8`; before,
 * two f16 go together as `.f16x2`. A scalar atomic whose result is used is done by one thread and broadcast
 * through the op's shared memory scratch (store, barrier, load), as is a tensor result whose layout repeats
 * elements across threads.
 */
import { IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type } from '../dialect/ir/type.js';
import { LLVMPointerType, LLVMStructType } from '../dialect/llvm/types.js';
import { getContigPerThread, getOrder } from '../dialect/ttg/layout-queries.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { emitIndices, BLOCK, LANE, WARP } from './layout-indices.js';
import { expandUnique, freeVariableMasks, pointeeBitWidth, redundantThreadPredicate, uniqueRegisters } from './memory.js';
import { ptx } from './ptx.js';
import { convertElementType } from './type-converter.js';
import { AtomicCASOp, AtomicRMWOp } from '../dialect/tt/ops.js';
import { ldAcquirePromotion } from './atomic-ld-acquire.js';
import { lowerAtomicAsLLVMWithBranches } from './atomic-llvm-cfg.js';
import { nvgLoadAcquire } from './nvg-builders.js';
import { moduleOf } from '../dialect/ttg/context.js';

/** The capability in `ttg.target = "cuda:NN"` of the module enclosing `op`, if it sets one. */
function moduleComputeCapability(op: Operation): number | undefined {
  const t = (op.parentOp && moduleOf(op.parentOp))?.getAttr('ttg.target');
  if (!(t instanceof StringAttr) || !t.value.startsWith('cuda:')) return undefined;
  const n = Number(t.value.slice(5));
  return Number.isInteger(n) ? n : undefined;
}

const SEM = ['', 'relaxed', 'acquire', 'release', 'acq_rel'];
const SCOPE = ['', 'gpu', 'cta', 'sys'];
const RMW = ['', 'and', 'or', 'xor', 'add', 'fadd', 'max', 'min', 'umax', 'umin', 'exch'];

function enumOf(op: Operation, name: string, list: string[]): string {
  const a = op.getAttr(name);
  return a instanceof IntegerAttr ? (list[a.num] ?? '') : '';
}

function bits(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}

/** `r` / `h` / `l` / `c` register constraint of a width. */
function regOf(w: number): string {
  return w === 64 ? 'l' : w === 32 ? 'r' : w === 16 ? 'h' : 'c';
}

/** Whether a used result must go through shared memory (Triton's atomicNeedsSharedMemory). */
function needsBroadcast(ctx: LoweringContext, result: Value): boolean {
  if (result.useEmpty) return false;
  const t = result.type;
  if (!(t instanceof RankedTensorType)) return true;
  const m = freeVariableMasks(ctx, t);
  return [LANE, WARP, BLOCK].some((d) => (m.get(d) ?? 0) !== 0);
}

/** Threads holding an element store their atomic result to scratch; after a barrier every thread reads it. */
function broadcastThroughShared(ctx: LoweringContext, result: Value, regs: readonly number[], vals: Value[], preds: (Value | undefined)[], elemTy: Type, viaVector: boolean): Value[] {
  const b = ctx.b;
  const base = ctx.sharedMemoryBase();
  const smem = b.bitcast(base, LLVMPointerType.get(3));
  const t = result.type;
  const w = bits(elemTy);
  const store = (ptr: Value, v: Value, pred: Value | undefined): void => {
    const ins: [Value, string][] = [
      [ptr, 'r'],
      [viaVector ? b.insertElement(b.undef(VectorType.get([1], elemTy)), v, 0) : v, regOf(w)],
    ];
    if (pred) ins.push([pred, 'b']);
    ptx(b, `${pred ? '@$2 ' : ''}st.shared.b${w} [ $0 + 0 ], $1;`, [], ins, [], true);
  };
  if (!(t instanceof RankedTensorType)) {
    store(smem, vals[0]!, preds[0]);
    b.barrier();
    return [b.load(smem, elemTy)];
  }
  // One slot per element of the tensor, addressed by its row-major index.
  const idx = emitIndices(ctx, t);
  const strides: number[] = [];
  let s = 1;
  for (let d = t.rank - 1; d >= 0; d--) {
    strides[d] = s;
    s *= t.shape[d]!;
  }
  const linear = idx.map((c) => c.reduce((acc: Value | undefined, v, d) => (acc ? b.add(acc, b.mul(v, b.i32(strides[d]!))) : b.mul(v, b.i32(strides[d]!))), undefined)!);
  vals.forEach((v, k) => store(b.gep(smem, elemTy, linear[regs[k]!]!), v, preds[k]));
  b.barrier();
  return linear.map((l) => b.load(b.gep(smem, elemTy, l), elemTy));
}

function maskAlign(ctx: LoweringContext, mask: Value): number {
  const t = mask.type;
  if (!(t instanceof RankedTensorType) || !t.encoding) return 1;
  return ctx.axisInfo.getMaskAlignment(mask, getOrder(t.encoding, t.shape)[0]!);
}

function ptrVectorSize(ctx: LoweringContext, ptr: Value): number {
  const t = ptr.type;
  if (!(t instanceof RankedTensorType) || !t.encoding) return 1;
  const order = getOrder(t.encoding, t.shape);
  const cpt = getContigPerThread(t.encoding, t.shape)[order[0]!]!;
  const w = pointeeBitWidth(t);
  return Math.max(1, Math.min(Math.floor(128 / Math.max(w, 1)), ctx.axisInfo.getContiguity(ptr, order[0]!, cpt, w)));
}

function andPred(b: LLVMBuilder, a: Value | undefined, c: Value | undefined): Value | undefined {
  if (a && c) return b.and(a, c);
  return a ?? c;
}

registerLowering(AtomicRMWOp, (op, ctx) => {
  const b = ctx.b;
  const ptr = AtomicRMWOp.ptr(op);
  const val = AtomicRMWOp.val(op);
  const maskV = AtomicRMWOp.mask(op);
  const rmw = enumOf(op, 'atomic_rmw_op', RMW);
  const sem = enumOf(op, 'sem', SEM);
  const scope = enumOf(op, 'scope', SCOPE);
  const vt = val.type;
  const elemTy = convertElementType(vt instanceof RankedTensorType ? vt.elementType : vt);
  const w = bits(elemTy);
  const nAll = ctx.lookup(ptr).length;
  const regs = uniqueRegisters(ctx, ptr.type, nAll);
  const ptrs = regs.map((r) => ctx.lowered(AtomicRMWOp.ptr)[r]!);
  const vals = regs.map((r) => ctx.lowered(AtomicRMWOp.val)[r]!);
  const masks = maskV ? regs.map((r) => ctx.lowered(AtomicRMWOp.mask)![r]!) : undefined;
  const threadPred = redundantThreadPredicate(ctx, freeVariableMasks(ctx, ptr.type));
  const isTensor = ptr.type instanceof RankedTensorType;
  const isFloat16 = elemTy instanceof FloatType && (elemTy.kind === 'f16' || elemTy.kind === 'bf16');
  // Vectorized atomics (atom.v2/v4/v8) need sm90 and PTX 8.1 (Triton's supportVectorizedAtomics).
  const vectorized = ctx.computeCapability >= 90 && ctx.ptxVersion >= 81 && rmw === 'fadd' && elemTy instanceof FloatType && (isFloat16 || elemTy.kind === 'f32');
  let vec = 1;
  if (isTensor) {
    let v = ptrVectorSize(ctx, ptr);
    if (maskV) v = Math.min(v, maskAlign(ctx, maskV));
    if (vectorized) vec = v;
    else if (rmw === 'fadd' && elemTy instanceof FloatType && elemTy.kind === 'f16') vec = Math.min(v, 2);
    vec = Math.max(1, Math.min(vec, ptrs.length));
  }
  let opName = rmw === 'fadd' ? 'add' : rmw;
  let ty: string;
  switch (rmw) {
    case 'and':
    case 'or':
    case 'xor':
    case 'exch':
      ty = `b${w}`;
      break;
    case 'add':
    case 'umax':
    case 'umin':
      ty = `u${w}`;
      if (rmw !== 'add') opName = rmw.slice(1);
      break;
    case 'max':
    case 'min':
      ty = `s${w}`;
      break;
    default:
      ty = elemTy instanceof FloatType && elemTy.kind === 'bf16' ? 'bf16' : `f${w}`;
      if (w === 16) opName += '.noftz';
  }
  const packedX2 = !vectorized && vec === 2 && w === 16;
  if (packedX2) ty += 'x2';
  const instr = `atom.global.${scope}.${sem}.${opName}`;
  const ldAcquire = ldAcquirePromotion(op, elemTy, rmw, sem, scope);
  // Triton decides this by the enclosing module's `ttg.target` (getNVIDIAComputeCapability), not the pass option.
  if (!ldAcquire && elemTy instanceof FloatType && elemTy.kind === 'bf16' && (moduleComputeCapability(op) ?? ctx.computeCapability) < 90) {
    const guarded = lowerAtomicAsLLVMWithBranches(op, ctx, rmw, sem, elemTy, ptrs, vals, ptrs.map((_, i) => andPred(b, threadPred, masks?.[i])), isTensor);
    ctx.replaceWith(isTensor ? expandUnique(ctx, ptr.type, nAll, guarded) : guarded[0]!);
    return;
  }
  const results: Value[] = [];
  const preds: (Value | undefined)[] = [];
  for (let i = 0; i < ptrs.length; i += vec) {
    const pred = andPred(b, threadPred, masks?.[i]);
    if (vectorized && vec > 1) {
      const outs = new Array<string>(vec).fill('=' + regOf(w));
      const ins: [Value, string][] = [[ptrs[i]!, 'l'], ...vals.slice(i, i + vec).map((v): [Value, string] => [v, regOf(w)])];
      if (pred) ins.push([pred, 'b']);
      const lines = outs.map((_, k) => `mov.u${w === 16 ? 16 : 32} $${k}, 0x0;`);
      const dst = `{ ${outs.map((_, k) => `$${k}`).join(', ')} }`;
      const src = `{ ${vals.slice(i, i + vec).map((_, k) => `$${vec + 1 + k}`).join(', ')} }`;
      lines.push(`${pred ? `@$${2 * vec + 1} ` : ''}${instr}.v${vec}.${ty} ${dst}, [ $${vec} + 0 ], ${src};`);
      const r = ptx(b, lines.join('\n\t'), outs, ins, new Array<Type>(vec).fill(elemTy), true);
      results.push(...r);
      for (let k = 0; k < vec; k++) preds.push(pred);
      continue;
    }
    if (ldAcquire) {
      results.push(nvgLoadAcquire(b, elemTy, ptrs[i]!, pred, ldAcquire.sem, ldAcquire.scope));
      preds.push(pred);
      continue;
    }
    let operand: Value;
    let retTy: Type;
    let c: string;
    if (packedX2) {
      operand = b.packVector(vals.slice(i, i + 2));
      retTy = operand.type;
      c = 'r';
    } else {
      operand = vals[i]!;
      retTy = elemTy;
      c = regOf(w);
    }
    const ins: [Value, string][] = [
      [ptrs[i]!, 'l'],
      [operand, c],
    ];
    if (pred) ins.push([pred, 'b']);
    const asm = `mov.u${w === 16 && !packedX2 ? 16 : 32} $0, 0x0;\n\t${pred ? '@$3 ' : ''}${instr}.${ty} $0, [ $1 + 0 ], $2;`;
    const [r] = ptx(b, asm, ['=' + c], ins, [retTy], true);
    if (packedX2) {
      results.push(b.extractElement(r!, 0), b.extractElement(r!, 1));
      preds.push(pred, pred);
    } else {
      results.push(r!);
      preds.push(pred);
    }
  }
  const result = op.result(0);
  if (needsBroadcast(ctx, result)) {
    const out = broadcastThroughShared(ctx, result, regs, results, preds, elemTy, true);
    ctx.replaceWith(isTensor ? out : out[0]!);
    return;
  }
  if (!isTensor) ctx.replaceWith(results[0]!);
  else ctx.replaceWith(expandUnique(ctx, ptr.type, nAll, results));
});

registerLowering(AtomicCASOp, (op, ctx) => {
  const b = ctx.b;
  const ptr = AtomicCASOp.ptr(op);
  const sem = enumOf(op, 'sem', SEM);
  const scope = enumOf(op, 'scope', SCOPE);
  const vt = AtomicCASOp.val(op).type;
  const elemTy = convertElementType(vt instanceof RankedTensorType ? vt.elementType : vt);
  const w = bits(elemTy);
  const nAll = ctx.lookup(ptr).length;
  const regs = uniqueRegisters(ctx, ptr.type, nAll);
  const threadPred = redundantThreadPredicate(ctx, freeVariableMasks(ctx, ptr.type));
  const results: Value[] = [];
  const preds: (Value | undefined)[] = [];
  for (const r of regs) {
    const ins: [Value, string][] = [
      [ctx.lowered(AtomicCASOp.ptr)[r]!, 'l'],
      [ctx.lowered(AtomicCASOp.cmp)[r]!, regOf(w)],
      [ctx.lowered(AtomicCASOp.val)[r]!, regOf(w)],
    ];
    if (threadPred) ins.push([threadPred, 'b']);
    const asm = `mov.u${w === 16 ? 16 : w === 64 ? 64 : 32} $0, 0x0;\n\t${threadPred ? '@$4 ' : ''}atom.global.${sem}.${scope}.cas.b${w} $0, [ $1 + 0 ], $2, $3;`;
    results.push(ptx(b, asm, ['=' + regOf(w)], ins, [elemTy], true)[0]!);
    preds.push(threadPred);
  }
  const result = op.result(0);
  const isTensor = ptr.type instanceof RankedTensorType;
  if (needsBroadcast(ctx, result)) {
    const out = broadcastThroughShared(ctx, result, regs, results, preds, elemTy, false);
    ctx.replaceWith(isTensor ? out : out[0]!);
    return;
  }
  if (!isTensor) ctx.replaceWith(results[0]!);
  else ctx.replaceWith(expandUnique(ctx, ptr.type, nAll, results));
});

void LLVMStructType;
