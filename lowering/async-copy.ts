/**
 * Asynchronous global → shared copies (Triton 3.6's AsyncCopyGlobalToLocalOpConversion, AsyncCommitGroupOp and
 * AsyncWaitOp lowerings for NVIDIA, sm80+).
 *
 * `ttg.async_copy_global_to_local %ptrs, %mem [mask]`: every thread issues one `cp.async` per vector of its
 * (unique) pointer registers, from global memory straight into the memdesc:
 *
 *   @$3 cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;
 *
 * - the vector and the order of the copies are Triton's lowerLdSt (local-ldst.ts): largestVectorisation of the
 *   register→shared map capped by `maxVec` (no register permutation), where `maxVec` is the pointers'
 *   contiguity (AxisInfo), lowered to the mask's alignment, raised to the op's `contiguity` hint, at most 128
 *   bits; cp.async moves 4, 8 or 16 bytes (`.cg`, bypassing L1, only for 16). Where Triton's vector would take
 *   registers that are not consecutive in global memory (see notGloballyContiguous) or its additive addressing
 *   does not apply, our own vectorisation (swizzle.ts `vectorBits`) and addresses are used instead;
 * - the address of each vector: the memdesc's element offset of (register, lane, warp) as in local_store
 *   (`tensorAccess` of the pointer layout through the memdesc addressing), in bytes from the base;
 * - a mask becomes the source size (`mask ? bytes : 0`: cp.async zero-fills the rest; `other` is taken as 0, as
 *   Triton does), not a predicate; the predicate keeps one of the threads holding the same pointers.
 * The op's token becomes the constant 0. `ttg.async_commit_group` is `cp.async.commit_group`, `ttg.async_wait
 * {num}` is `cp.async.wait_group num` (the membar analysis puts a barrier after it).
 */
import type { Value } from '../dialect/ir/ir.js';
import { IntegerType, RankedTensorType } from '../dialect/ir/type.js';
import { LinearLayout } from '../dialect/linear-layout/linear-layout.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import { PointerType } from '../dialect/tt/types.js';
import { getContigPerThread, getOrder } from '../dialect/ttg/layout-queries.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { applyLinearLayout, BLOCK, REGISTER, tensorLayout } from './layout-indices.js';
import { freeVariableMasks, redundantThreadPredicate } from './memory.js';
import { ptx } from './ptx.js';
import { elemBits, memDescAddressing, tensorAccess } from './shared-memory.js';
import { lowerLdSt, tritonVector } from './local-ldst.js';
import { memDescLinearLayout } from '../dialect/ttg/to-linear-layout.js';
import { log2, spanMask, vectorBits, xorCols } from './swizzle.js';
import { convertElementType } from './type-converter.js';
import { AsyncCommitGroupOp, AsyncCopyGlobalToLocalOp, AsyncWaitOp } from '../dialect/ttg/ops.js';

/** `L(0, lane, warp)` of an access map (element offsets of the lane / warp bits), as a runtime value. */
function threadOffset(ctx: LoweringContext, laneCols: readonly number[], warpCols: readonly number[]): Value {
  const b = ctx.b;
  const m = spanMask([...laneCols, ...warpCols]);
  if (m === 0) return b.i32(0);
  const ll = LinearLayout.fromBasesWithSizes(
    [
      ['lane', laneCols.map((c) => [c])],
      ['warp', warpCols.map((c) => [c])],
    ],
    [['offset', 2 ** (log2(m) + 1)]],
    false,
  );
  const [lane, warp] = ctx.laneWarp();
  return applyLinearLayout(b, ll, [
    ['lane', lane],
    ['warp', warp],
  ])[0]![1];
}

/** The maximal vector (elements) the pointers and mask allow: contiguity, mask alignment, the op's hint. */
function maxVector(ctx: LoweringContext, ptrs: Value, mask: Value | undefined, hint: number, bits: number): number {
  const t = ptrs.type as RankedTensorType;
  const order = getOrder(t.encoding!, t.shape);
  const contig = getContigPerThread(t.encoding!, t.shape)[order[0]!]!;
  let vec = ctx.axisInfo.getContiguity(ptrs, order[0]!, contig, bits);
  if (mask) vec = Math.min(vec, ctx.axisInfo.getMaskAlignment(mask, order[0]!));
  vec = Math.max(vec, hint);
  return Math.max(1, Math.min(vec, Math.floor(128 / bits)));
}

/**
 * Register bits that cannot be a vector bit: the elements of a vector must be consecutive in shared memory and in
 * global memory, and the pointers are only known to be contiguous along the layout's fastest dim, so register
 * bit k may only stand for shared offset c = regCols[k] when it also moves c elements along that dim. (Triton
 * vectorises by the shared layout alone, which copies the wrong elements when the shared order differs from
 * the pointers'; its own passes never build such pairs.)
 */
function notGloballyContiguous(t: RankedTensorType, regCols: readonly number[]): number {
  const ll = tensorLayout(t);
  const fastest = getOrder(t.encoding!, t.shape)[0]!;
  let mask = 0;
  regCols.forEach((c, k) => {
    const basis = ll.getBasis(REGISTER, k);
    const ok = basis.every((x, d) => (d === fastest ? x === c : x === 0));
    if (!ok) mask |= 1 << k;
  });
  return mask;
}

interface CopyArgs {
  acc: ReturnType<typeof tensorAccess>;
  addr: ReturnType<typeof memDescAddressing>;
  bits: number;
  maxVec: number;
  noVec: number;
  ptrs: readonly Value[];
  masks: readonly Value[] | undefined;
  mem: readonly Value[];
  threadPred: Value | undefined;
}

/**
 * One `cp.async` of `bytes` bytes from `src` to the shared address `dst` (`.cg` for 16 bytes, else `.ca`), as
 * Triton's inline PTX: a mask turns into the source size (0 bytes read: zero fill), a thread predicate guards it.
 */
function emitCpAsync(ctx: LoweringContext, dst: Value, src: Value, bytes: number, mask: Value | undefined, threadPred: Value | undefined): void {
  const b = ctx.b;
  const ins: [Value, string][] = [
    [dst, 'r'],
    [src, 'l'],
  ];
  const size = `0x${bytes.toString(16)}`;
  let srcSize = size;
  if (mask) {
    srcSize = `$${ins.length}`;
    ins.push([b.select(mask, b.i32(bytes), b.i32(0)), 'r']);
  }
  let pred = '';
  if (threadPred) {
    pred = `@$${ins.length} `;
    ins.push([threadPred, 'b']);
  }
  ptx(b, `${pred}cp.async.${bytes === 16 ? 'cg' : 'ca'}.shared.global [ $0 + 0 ], [ $1 + 0 ], ${size}, ${srcSize};`, [], ins, [], true);
}

/** cp.async of every vector by our own vectorisation (shared layout and global contiguity both respected). */
function copyVectors(ctx: LoweringContext, a: CopyArgs): void {
  const b = ctx.b;
  const { acc, addr, bits, maxVec, noVec, ptrs, masks, mem, threadPred } = a;
  const vb = vectorBits(acc, bits, {
    maxVecElems: maxVec,
    noVecRegMask: noVec,
    ...(addr.affine ? { affine: addr.affine, affineMask: addr.affineMask } : {}),
  });
  const vec = 2 ** vb.length;
  const bytes = (vec * bits) / 8;
  if (bytes < 4) ctx.error(`cp.async does not support transfers smaller than 4 bytes; the shared layout allows ${bytes} bytes`);
  const vecMask = vb.reduce((m, i) => m | (1 << i), 0);
  // Broadcast registers (zero offset) hold copies of other registers' pointers.
  const zeroMask = acc.regCols.reduce((m, c, i) => (c === 0 ? m | (1 << i) : m), 0);

  // Addresses in bytes, built as Triton's lowerLdSt: the thread part L(0, lane, warp) XOR the view's affine offset
  // (always, 0 without one), then per vector the register part: bits the thread part may set are XORed, the
  // others added (the immediate).
  const elemBytes = bits / 8;
  const threadMask = spanMask([...acc.laneCols, ...acc.warpCols, addr.affineMask]);
  const affine = addr.affine ?? b.i32(0);
  const tOff = b.xor(threadOffset(ctx, acc.laneCols.map((c) => c * elemBytes), acc.warpCols.map((c) => c * elemBytes)), b.mul(affine, b.i32(elemBytes)));
  const ptr3 = LLVMPointerType.get(3);
  const i8 = IntegerType.get(8);
  for (let r = 0; r < ptrs.length; r++) {
    if (r & (vecMask | zeroMask)) continue;
    const c = xorCols(acc.regCols, r);
    const cx = (c & threadMask) * elemBytes;
    const ca = (c & ~threadMask) * elemBytes;
    const dst = b.gep(mem[0]!, i8, b.add(b.xor(tOff, b.i32(cx)), b.i32(ca)), ptr3, true);
    emitCpAsync(ctx, dst, ptrs[r]!, bytes, masks?.[r], threadPred);
  }
}

registerLowering(AsyncCopyGlobalToLocalOp, (op, ctx) => {
  const b = ctx.b;
  if (ctx.computeCapability < 80) ctx.error('cp.async needs sm80 or newer');
  const ptrsV = AsyncCopyGlobalToLocalOp.src(op);
  const srcT = ptrsV.type;
  const memT = AsyncCopyGlobalToLocalOp.result(op).type;
  if (!(srcT instanceof RankedTensorType) || !srcT.encoding || !(memT instanceof MemDescType)) return 'not a tensor of pointers into a memdesc';
  const maskV = AsyncCopyGlobalToLocalOp.mask(op);
  const elemTy = convertElementType(memT.elementType);
  const bits = elemBits(elemTy);
  const pointee = srcT.elementType instanceof PointerType ? srcT.elementType.pointee : undefined;
  if (!pointee || bits % 8 !== 0) ctx.error('cp.async of sub-byte elements');

  const ptrs = ctx.lowered(AsyncCopyGlobalToLocalOp.src);
  const masks = maskV ? ctx.lookup(maskV) : undefined;
  const mem = ctx.lowered(AsyncCopyGlobalToLocalOp.result);
  const addr = memDescAddressing(ctx, memT, mem);
  if (addr.padded) ctx.error('cp.async into a padded shared layout is not supported');
  const acc = tensorAccess(srcT, addr);
  const hint = AsyncCopyGlobalToLocalOp.contiguity(op).num;
  const maxVec = maxVector(ctx, ptrsV, maskV, hint, bits);
  const maxBytes = (maxVec * bits) / 8;
  if (maxBytes < 4) ctx.error(`cp.async does not support transfers smaller than 4 bytes; calculated this as ${maxBytes} bytes`);
  // Threads holding the same pointers copy once; every CTA loads its own copy (no block predicate).
  const free = new Map(freeVariableMasks(ctx, srcT));
  free.set(BLOCK, 0);
  free.set(REGISTER, 0);
  const threadPred = redundantThreadPredicate(ctx, free);

  // Triton's lowerLdSt with the pointers' vector cap (no register permutation): one cp.async per vector, in its
  // order and with its addresses (local-ldst.ts), unless its vector would take registers that are not
  // consecutive in global memory (see notGloballyContiguous); then our own vectorisation.
  const offsetElems = memDescLinearLayout(memT).getInDimSize('offset');
  const noVec = notGloballyContiguous(srcT, acc.regCols);
  const copies = tritonVector(acc, bits, offsetElems, maxVec).vectorRegBits.some((k) => (noVec >> k) & 1)
    ? undefined
    : lowerLdSt(ctx, mem[0]!, acc, bits, { affine: addr.affine, affineMask: addr.affineMask, offsetElems }, maxVec, (dst, regs) => {
    const r = regs[0]!;
    const bytes = (regs.length * bits) / 8;
    if (bytes < 4) ctx.error(`cp.async does not support transfers smaller than 4 bytes; the shared layout allows ${bytes} bytes`);
    emitCpAsync(ctx, dst, ptrs[r]!, bytes, masks?.[r], threadPred);
  });
  if (copies === undefined) copyVectors(ctx, { acc, addr, bits, maxVec, noVec, ptrs, masks, mem, threadPred });
  ctx.replaceWith([b.i32(0)]);
});

registerLowering(AsyncCommitGroupOp, (_op, ctx) => {
  ctx.b.create('nvvm.cp.async.commit.group', [], []);
  ctx.replaceWith([ctx.b.i32(0)]);
});

registerLowering(AsyncWaitOp, (op, ctx) => {
  const num = AsyncWaitOp.num(op);
  ctx.b.create('nvvm.cp.async.wait.group', [], [], [['n', num]]);
  ctx.replaceWith([ctx.b.i32(0)]);
});
