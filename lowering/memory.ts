/**
 * Global memory loads and stores (Triton 3.6's LoadStoreOpToLLVM for NVIDIA).
 *
 * Accesses are vectorized: `vec` consecutive registers (consecutive along the layout's fastest dim, at most
 * 128 bits) are moved by one instruction when the pointer's AxisInfo contiguity/divisibility allows it, the
 * layout holds that many consecutive elements per thread, and the mask is constant over them. Each access is
 * predicated inline PTX, split in words of 32 bits (or the element width when larger):
 *
 *   mov.u32 $0, 0x0;  (or `mov.u32 $0, $k;` from `other`)
 *   @$p ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];
 *   @$p st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };
 *
 * Only the unique registers of a layout with broadcast registers are accessed; stores are predicated so that only
 * one of the threads holding the same element writes it (Triton's emitRedundantThreadPredicate).
 */
import { IntegerAttr } from '../dialect/ir/attribute.js';
import type { Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, RankedTensorType, VectorType, type Type } from '../dialect/ir/type.js';
import { PointerType } from '../dialect/tt/types.js';
import { LLVMStructType } from '../dialect/llvm/types.js';
import { getContigPerThread, getOrder } from '../dialect/ttg/layout-queries.js';
import type { LLVMBuilder } from './builder.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { BLOCK, LANE, REGISTER, WARP, tensorLayout } from './layout-indices.js';
import { ptx } from './ptx.js';
import { convertElementType } from './type-converter.js';
import { LoadOp, StoreOp } from '../dialect/tt/ops.js';
import { nvgClusterCTAId } from './nvg-builders.js';

function bitWidthOf(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}

/** Bit width of the pointee of a pointer (or tensor of pointers) type. */
export function pointeeBitWidth(t: Type): number {
  const el = t instanceof RankedTensorType ? t.elementType : t;
  if (el instanceof PointerType) return bitWidthOf(el.pointee);
  return bitWidthOf(el);
}

/** Free-variable masks of a type's layout (scalars: every lane and warp holds the value). */
export function freeVariableMasks(ctx: LoweringContext, t: Type): Map<string, number> {
  if (t instanceof RankedTensorType && t.encoding) return tensorLayout(t).getFreeVariableMasks();
  // Every thread holds a scalar: all lane, warp and block bits are free (Triton uses all-ones masks).
  void ctx;
  return new Map([
    [REGISTER, 0],
    [LANE, -1],
    [WARP, -1],
    [BLOCK, -1],
  ]);
}

/**
 * The predicate "this thread is the first of those holding the same elements" (lane/warp/block bits of the free
 * variable masks are 0), or undefined when every thread holds distinct elements.
 */
export function redundantThreadPredicate(ctx: LoweringContext, masks: Map<string, number>): Value | undefined {
  const b = ctx.b;
  let pred: Value | undefined;
  const [lane, warp] = ctx.laneWarp();
  const ids: [string, () => Value][] = [
    [LANE, () => lane],
    [WARP, () => warp],
    [BLOCK, () => nvgClusterCTAId(b)],
  ];
  for (const [name, id] of ids) {
    const m = masks.get(name) ?? 0;
    if (m === 0) continue;
    const p = b.icmp('eq', b.and(id(), b.i32(m)), b.i32(0));
    pred = pred ? b.and(pred, p) : p;
  }
  return pred;
}

/** Indices of the unique registers (register bits of the free-variable mask cleared) of a type. */
export function uniqueRegisters(ctx: LoweringContext, t: Type, n: number): number[] {
  const m = freeVariableMasks(ctx, t).get(REGISTER) ?? 0;
  const out: number[] = [];
  for (let r = 0; r < n; r++) if ((r & m) === 0) out.push(r);
  return out;
}

/** Expands values of the unique registers back to all `n` registers (duplicates copy their representative). */
export function expandUnique(ctx: LoweringContext, t: Type, n: number, unique: readonly Value[]): Value[] {
  const m = freeVariableMasks(ctx, t).get(REGISTER) ?? 0;
  if (m === 0) return [...unique];
  const pos = new Map<number, number>();
  let k = 0;
  for (let r = 0; r < n; r++) if ((r & m) === 0) pos.set(r, k++);
  const out: Value[] = [];
  for (let r = 0; r < n; r++) out.push(unique[pos.get(r & ~m)!]!);
  return out;
}

/** Triton's getVectorSize: min(128 bits / pointee bits, contiguity of the pointer tensor). */
function vectorSize(ctx: LoweringContext, ptr: Value): number {
  const t = ptr.type;
  if (!(t instanceof RankedTensorType) || !t.encoding) return 1;
  const order = getOrder(t.encoding, t.shape);
  const contigPerThread = getContigPerThread(t.encoding, t.shape)[order[0]!]!;
  const bits = pointeeBitWidth(t);
  const contiguity = ctx.axisInfo.getContiguity(ptr, order[0]!, contigPerThread, bits);
  return Math.max(1, Math.min(Math.floor(128 / Math.max(bits, 1)), contiguity));
}

function maskAlignment(ctx: LoweringContext, mask: Value): number {
  const t = mask.type;
  if (!(t instanceof RankedTensorType) || !t.encoding) return 1;
  const order = getOrder(t.encoding, t.shape);
  return ctx.axisInfo.getMaskAlignment(mask, order[0]!);
}

const CACHE = ['', 'none', 'ca', 'cg', 'wb', 'cs', 'wt', 'cv'];
const EVICT = ['', 'evict_normal', 'evict_first', 'evict_last'];

function enumName(list: string[], a: unknown): string {
  return a instanceof IntegerAttr ? (list[a.num] ?? '') : '';
}

/** The `.L2::cache_hint` policy register for evict_first / evict_last (createpolicy.fractional). */
function cachePolicyReg(b: LLVMBuilder, evict: string, cc: number): Value | undefined {
  if ((evict !== 'evict_first' && evict !== 'evict_last') || cc < 80) return undefined;
  return ptx(b, `mov.u64 $0, 0x0;\n\tcreatepolicy.fractional.L2::${evict}.b64 $0, 1.0;`, ['=l'], [], [IntegerType.get(64)], true)[0];
}

/**
 * The type an element has in global memory: i1 is a byte (PTX has no 1-bit loads or stores; Triton 3.6 counts
 * i1 elements as 8 bits and sign-extends them before a store).
 */
function memoryType(elemTy: Type): Type {
  return elemTy instanceof IntegerType && elemTy.width === 1 ? IntegerType.get(8) : elemTy;
}

/** A register value in its memory type (i1 → i8 by sign extension, as Triton). */
function toMemory(b: LLVMBuilder, v: Value, memTy: Type): Value {
  return v.type instanceof IntegerType && v.type.width === 1 && memTy !== v.type ? b.sext(v, memTy) : v;
}

/** A word of `wordElems` elements packed in a `width`-bit integer. */
function packWord(b: LLVMBuilder, elems: readonly Value[], elemTy: Type, width: number): Value {
  const memTy = memoryType(elemTy);
  if (elems.length === 1 && bitWidthOf(memTy) === width) return b.bitcast(toMemory(b, elems[0]!, memTy), IntegerType.get(width));
  let v = b.undef(VectorType.get([elems.length], memTy));
  elems.forEach((e, i) => (v = b.insertElement(v, b.bitcast(toMemory(b, e, memTy), memTy), i)));
  return b.bitcast(v, IntegerType.get(width));
}

/**
 * The load's `other` word as Triton's LoadOpConversion builds it: always through a vector (one element
 * included), element positions as index-typed constants, even where an integer splat becomes an immediate
 * (the word is then dead; its constants still order the entry block's hoisted constants). i1 elements keep
 * packWord's byte form.
 */
function packOtherWord(b: LLVMBuilder, elems: readonly Value[], elemTy: Type, width: number): Value {
  if (memoryType(elemTy) !== elemTy) return packWord(b, elems, elemTy, width);
  let v = b.undef(VectorType.get([elems.length], elemTy));
  elems.forEach((e, i) => (v = b.insertElement(v, e, b.index(i))));
  return b.bitcast(v, IntegerType.get(width));
}

/**
 * A stored word as Triton's StoreOpConversion packs it: always through a vector (one element included), element
 * positions as i32 constants. i1 elements keep packWord's byte form.
 */
function packStoreWord(b: LLVMBuilder, elems: readonly Value[], elemTy: Type, width: number): Value {
  if (memoryType(elemTy) !== elemTy) return packWord(b, elems, elemTy, width);
  let v = b.undef(VectorType.get([elems.length], elemTy));
  elems.forEach((e, i) => (v = b.insertElement(v, b.bitcast(e, elemTy), b.i32(i))));
  return b.bitcast(v, IntegerType.get(width));
}

registerLowering(LoadOp, (op, ctx) => {
  const b = ctx.b;
  const ptr = LoadOp.ptr(op);
  const maskV = LoadOp.mask(op);
  const otherV = LoadOp.other(op);
  const resT = LoadOp.result(op).type;
  const elemTy = convertElementType(resT instanceof RankedTensorType ? resT.elementType : resT);
  // Each operand is unpacked once (a lookup per register re-extracted the whole struct: quadratic in registers).
  const ptrAll = ctx.lookup(ptr);
  const nAll = ptrAll.length;
  const regs = uniqueRegisters(ctx, ptr.type, nAll);
  const ptrs = regs.map((r) => ptrAll[r]!);
  const maskAll = maskV ? ctx.lookup(maskV) : undefined;
  const masks = maskAll ? regs.map((r) => maskAll[r]!) : undefined;
  const otherAll = otherV ? ctx.lookup(otherV) : undefined;
  const others = otherAll ? regs.map((r) => otherAll[r]!) : undefined;
  let vec = vectorSize(ctx, ptr);
  if (maskV) vec = Math.min(vec, maskAlignment(ctx, maskV));
  const numElems = ptrs.length;
  vec = Math.max(1, Math.min(vec, numElems));
  const memTy = memoryType(elemTy);
  const nbits = bitWidthOf(memTy);
  // Integer `other` constants become immediates.
  let otherConst: bigint | undefined;
  if (otherV && !(elemTy instanceof FloatType) && resT instanceof RankedTensorType && !(resT.elementType instanceof FloatType)) {
    const info = ctx.axisInfo.getAxisInfo(otherV);
    const cv = info?.constantValue;
    if (cv !== undefined) otherConst = cv;
  }
  const cache = enumName(CACHE, op.getAttr('cache'));
  const evict = enumName(EVICT, op.getAttr('evict'));
  const volatile = LoadOp.isVolatile(op).num === 1;
  const loaded: Value[] = [];
  for (let start = 0; start < numElems; start += vec) {
    const maxWord = Math.max(32, nbits);
    const total = nbits * vec;
    const width = Math.min(total, maxWord);
    const nWords = Math.max(1, Math.floor(total / width));
    const wordElems = width / nbits;
    const movWidth = Math.max(width, 16);
    const wc = width === 64 ? 'l' : width === 32 ? 'r' : 'c';
    const lines: string[] = [];
    const outs = new Array<string>(nWords).fill('=' + wc);
    const ins: [Value, string][] = [];
    // Operand numbering: outputs $0..$nWords-1, then inputs in order.
    let next = nWords;
    if (others) {
      for (let w = 0; w < nWords; w++) {
        const word = packOtherWord(b, others.slice(start + w * wordElems, start + (w + 1) * wordElems), elemTy, width);
        if (otherConst !== undefined) {
          const bits = BigInt.asUintN(nbits, otherConst);
          let packed = 0n;
          for (let k = 0; k < movWidth / nbits; k++) packed |= bits << BigInt(k * nbits);
          lines.push(`mov.u${movWidth} $${w}, ${formatImm(BigInt.asIntN(64, packed))};`);
        } else {
          ins.push([word, wc]);
          lines.push(`mov.u${movWidth} $${w}, $${next++};`);
        }
      }
    } else {
      for (let w = 0; w < nWords; w++) lines.push(`mov.u${movWidth} $${w}, 0x0;`);
    }
    // Triton 3.6 creates the L2 policy register for every access, after the `other` words.
    const policy = cachePolicyReg(b, evict, ctx.computeCapability);
    const addrIdx = next++;
    ins.push([ptrs[start]!, 'l']);
    let policyIdx = -1;
    if (policy) {
      policyIdx = next++;
      ins.push([policy, 'l']);
    }
    let predIdx = -1;
    if (masks) {
      predIdx = next++;
      ins.push([masks[start]!, 'b']);
    }
    const mods = ['ld'];
    if (volatile) mods.push('volatile');
    mods.push('global');
    if (cache === 'ca' || cache === 'cg' || cache === 'cs' || cache === 'cv') mods.push(cache);
    if (evict === 'evict_first' || evict === 'evict_last') mods.push(`L1::${evict}`);
    if (policy) mods.push('L2::cache_hint');
    if (nWords > 1) mods.push(`v${nWords}`);
    mods.push(`b${width}`);
    const dsts = nWords === 1 ? '$0' : Array.from({ length: nWords }, (_, i) => `$${i}`).join(', ');
    let instr = `${predIdx >= 0 ? `@$${predIdx} ` : ''}${mods.join('.')} { ${dsts} }, [ $${addrIdx} + 0 ]`;
    if (policy) instr += `, $${policyIdx}`;
    lines.push(instr + ';');
    const perWord = width / nbits;
    // As Triton: each word extracted from the asm's struct and bitcast to its vector in turn, then the elements
    // taken out at index-typed positions.
    const wordTy = IntegerType.get(width);
    const resTy = nWords === 1 ? wordTy : LLVMStructType.getLiteral(new Array<Type>(nWords).fill(wordTy));
    const constraints = [...outs, ...ins.map(([, c]) => c)].join(',');
    const res = b.inlineAsm(lines.join('\n\t'), constraints, ins.map(([v]) => v), resTy, true)!;
    const vecs: Value[] = [];
    for (let w = 0; w < nWords; w++) vecs.push(b.bitcast(nWords === 1 ? res : b.extractValue(res, w), VectorType.get([perWord], memTy)));
    for (let i = 0; i < vec && start + i < numElems; i++) {
      const e = b.extractElement(vecs[Math.floor(i / perWord)]!, b.index(i % perWord));
      // A loaded byte of an i1 element: its low bit (LLVM's in-memory form of i1).
      loaded.push(memTy === elemTy ? e : b.trunc(e, elemTy));
    }
  }
  if (!(resT instanceof RankedTensorType)) {
    ctx.replaceWith(loaded[0]!);
    return;
  }
  ctx.replaceWith(expandUnique(ctx, ptr.type, nAll, loaded));
});

function formatImm(v: bigint): string {
  return v < 0n ? String(v) : '0x' + v.toString(16);
}

registerLowering(StoreOp, (op, ctx) => {
  const b = ctx.b;
  const ptr = StoreOp.ptr(op);
  const value = StoreOp.value(op);
  const maskV = StoreOp.mask(op);
  const vt = value.type;
  const elemTy = convertElementType(vt instanceof RankedTensorType ? vt.elementType : vt);
  // Each operand is unpacked once (see the load).
  const ptrAll = ctx.lookup(ptr);
  const nAll = ptrAll.length;
  const regs = uniqueRegisters(ctx, ptr.type, nAll);
  const ptrs = regs.map((r) => ptrAll[r]!);
  const valAll = ctx.lookup(value);
  const vals = regs.map((r) => valAll[r]!);
  const maskAll = maskV ? ctx.lookup(maskV) : undefined;
  const masks = maskAll ? regs.map((r) => maskAll[r]!) : undefined;
  let vec = vectorSize(ctx, ptr);
  if (maskV) vec = Math.min(vec, maskAlignment(ctx, maskV));
  const n = ptrs.length;
  vec = Math.max(1, Math.min(vec, n));
  const nbits = bitWidthOf(memoryType(elemTy));
  const threadPred = redundantThreadPredicate(ctx, freeVariableMasks(ctx, ptr.type));
  const cache = enumName(CACHE, op.getAttr('cache'));
  const evict = enumName(EVICT, op.getAttr('evict'));
  for (let start = 0; start < n; start += vec) {
    const maxWord = Math.max(32, nbits);
    const total = nbits * vec;
    const width = Math.min(total, maxWord);
    const nWords = Math.max(1, Math.floor(total / width));
    const wordElems = width / nbits;
    const wc = width === 64 ? 'l' : width === 32 ? 'r' : 'c';
    const ins: [Value, string][] = [];
    for (let w = 0; w < nWords; w++) ins.push([packStoreWord(b, vals.slice(start + w * wordElems, start + (w + 1) * wordElems), elemTy, width), wc]);
    let pred = threadPred;
    if (masks) pred = pred ? b.and(pred, masks[start]!) : masks[start]!;
    // As Triton: the L2 policy register after the words and the predicate.
    const policy = cachePolicyReg(b, evict, ctx.computeCapability);
    let next = nWords;
    const addrIdx = next++;
    ins.push([ptrs[start]!, 'l']);
    let policyIdx = -1;
    if (policy) {
      policyIdx = next++;
      ins.push([policy, 'l']);
    }
    let predIdx = -1;
    if (pred) {
      predIdx = next++;
      ins.push([pred, 'b']);
    }
    const mods = ['st', 'global'];
    if (cache === 'wb' || cache === 'cg' || cache === 'cs' || cache === 'wt') mods.push(cache);
    if (evict === 'evict_first' || evict === 'evict_last') mods.push(`L1::${evict}`);
    if (policy) mods.push('L2::cache_hint');
    if (nWords > 1) mods.push(`v${nWords}`);
    mods.push(`b${width}`);
    const srcs = '{ ' + Array.from({ length: nWords }, (_, i) => `$${i}`).join(', ') + ' }';
    let instr = `${predIdx >= 0 ? `@$${predIdx} ` : ''}${mods.join('.')} [ $${addrIdx} + 0 ], ${srcs}`;
    if (policy) instr += `, $${policyIdx}`;
    ptx(b, instr + ';', [], ins, [], true);
  }
  ctx.replace([]);
});
