/**
 * Hopper TMA and mbarrier lowerings (Triton 3.6's TMAToLLVM, BarrierOpToLLVM and the TMA copies of
 * LoadStoreOpToLLVM for NVIDIA), what the real pipeline's tensor-descriptor kernels need:
 *
 * - `ttg.global_scratch_alloc`: the kernel's global scratch argument + program linear id * the module's
 *   `ttg.global_scratch_memory_size` + the op's `ttg.global_scratch_memory_offset`;
 * - `ttng.tensormap_create`: warp 0 zeroes the op's 128-byte shared scratch, thread 0 fills it field by field
 *   (`tensormap.replace.tile.*`), warp 0 copies it to the global descriptor with a release proxy fence;
 *   `ttng.tensormap_fenceproxy_acquire`: the acquire fence (warp 0), bulk-group commit/wait, CTA barrier;
 *   `ttng.reinterpret_tensor_descriptor`: the pointer cast to the generic address space;
 * - mbarriers: init / inval / arrive / arrive.expect_tx by thread 0, the parity wait loop (`try_wait` on
 *   sm90), and the arrive on completion of the thread's cp.async copies (`ttng.async_copy_mbarrier_arrive`);
 * - `ttng.async_tma_copy_global_to_local` / `_local_to_global`: the tile is cut into TMA messages (the box of
 *   getTMABlockShape: the contiguous dim at the swizzle width, the others at most 256); warp w issues message
 *   w (+ numWarps, ...) from one elected lane: `cp.async.bulk.tensor.Nd` with the message's shared address and
 *   its coordinates (innermost first); a store commits a bulk group (`nvvm.cp.async.bulk.commit.group`);
 *   `ttng.async_tma_store_wait {pendings}` is `nvvm.cp.async.bulk.wait_group pendings {read}`.
 */
import { IntegerAttr, UnitAttr } from '../dialect/ir/attribute.js';
import type { Operation, Value } from '../dialect/ir/ir.js';
import { IntegerType } from '../dialect/ir/type.js';
import { LLVMPointerType } from '../dialect/llvm/types.js';
import { NVMMASharedEncodingAttr } from '../dialect/ttg/attrs/shared.js';
import { MemDescType } from '../dialect/ttg/types.js';
import { registerLowering, type LoweringContext } from './conversion.js';
import { ptx } from './ptx.js';
import { memDescAddressing } from './shared-memory.js';
import { convertElementType } from './type-converter.js';
import { GlobalScratchAllocOp } from '../dialect/ttg/ops.js';
import {
  ArriveBarrierOp,
  AsyncCopyMbarrierArriveOp,
  AsyncTMACopyGlobalToLocalOp,
  AsyncTMACopyLocalToGlobalOp,
  BarrierExpectOp,
  InitBarrierOp,
  InvalBarrierOp,
  ReinterpretTensorDescOp,
  TMAStoreWaitOp,
  TensormapCreateOp,
  TensormapFenceproxyAcquireOp,
  WaitBarrierOp,
} from '../dialect/ttng/ops.js';
import { nvgWarpId } from './nvg-builders.js';

/** Bytes of a TMA descriptor (CUtensorMap). */
const TMA_BYTES = 128;

/** An integer attribute of the op; `dflt` when the op leaves it at its default (not stored). */
const i32Attr = (op: Operation, name: string, dflt?: number): number => {
  const a = op.getAttr(name);
  if (a instanceof IntegerAttr) return a.num;
  if (dflt !== undefined) return dflt;
  throw new Error(`'${op.name}' needs the integer attribute '${name}'`);
};

// ---- global scratch ------------------------------------------------------------------------------

registerLowering(GlobalScratchAllocOp, (op, ctx) => {
  const b = ctx.b;
  const base = ctx.globalScratchBase();
  const offAttr = op.getAttr('ttg.global_scratch_memory_offset');
  // As Triton: the op's offset constant first, then the kernel's base for this program.
  const allocOffset = b.i32(offAttr instanceof IntegerAttr ? offAttr.num : 0);
  const isKernel = ctx.fn.func.getAttr('nvvm.kernel') !== undefined;
  const module = ctx.fn.func.parentOp;
  const sizeAttr = module?.getAttr('ttg.global_scratch_memory_size');
  const i8 = IntegerType.get(8);
  if (!isKernel) {
    ctx.replaceWith(b.gep(base, i8, allocOffset));
    return;
  }
  if (!(sizeAttr instanceof IntegerAttr)) {
    ctx.replaceWith(base);
    return;
  }
  if (ctx.numCTAs > 1) ctx.error('global scratch of a kernel with several CTAs per cluster is not supported');
  // linear id = (z * ny + y) * nx + x
  const [x, y, z] = [b.sreg('ctaid.x'), b.sreg('ctaid.y'), b.sreg('ctaid.z')];
  const [nx, ny] = [b.sreg('nctaid.x'), b.sreg('nctaid.y')];
  const linear = b.add(x, b.mul(b.add(y, b.mul(z, ny)), nx));
  const offset = b.add(b.mul(linear, b.i32(sizeAttr.num)), allocOffset);
  ctx.replaceWith(b.gep(base, i8, offset));
});

// ---- tensor descriptors --------------------------------------------------------------------------

/** `@pred <instr>` as one inline asm statement; `ins` after the predicate operand ($0). */
function predicated(ctx: LoweringContext, pred: Value, body: string, ins: readonly (readonly [Value, string])[]): void {
  ptx(ctx.b, `@$0 ${body}`, [], [[pred, 'b'], ...ins], [], true);
}

/** `@pred <instr>` with the predicate as the last operand (Triton's PTXBuilder `.predicate()`): `body` names
 *  `ins` as $0..$n-1. */
function predicatedLast(ctx: LoweringContext, pred: Value, body: string, ins: readonly (readonly [Value, string])[]): void {
  ptx(ctx.b, `@$${ins.length} ${body}`, [], [...ins, [pred, 'b']], [], true);
}

registerLowering(TensormapCreateOp, (op, ctx) => {
  const b = ctx.b;
  const smem = ctx.sharedMemoryBase(op);
  const tid = ctx.threadId();
  const warp0 = b.icmp('slt', tid, b.i32(32));
  const thread0 = b.icmp('eq', tid, b.i32(0));
  // zero the 128-byte staging copy (warp 0, one word per lane)
  const word = b.gep(smem, IntegerType.get(32), tid, LLVMPointerType.get(3));
  predicatedLast(ctx, warp0, 'st.shared.b32 [ $0 + 0 ], $1;', [
    [word, 'r'],
    [b.i32(0), 'r'],
  ]);
  ptx(b, 'bar.warp.sync -1;', [], [], [], true);

  const group = (name: string): Value[] => op.operandGroup(name).map((v) => ctx.lookup(v)[0]!);
  const boxDim = group('box_dim');
  const globalDim = group('global_dim');
  const globalStride = group('global_stride');
  const elementStride = group('element_stride');
  const rank = boxDim.length;
  const field = (name: string, bits: 32 | 64, value: Value | number, ord?: number): void => {
    const head = `tensormap.replace.tile.${name}.shared::cta.b1024.b${bits} [ $0 + 0 ]`;
    const ordText = ord === undefined ? '' : `, 0x${ord.toString(16)}`;
    if (typeof value === 'number') {
      predicatedLast(ctx, thread0, `${head}${ordText}, 0x${value.toString(16)};`, [[smem, 'r']]);
    } else {
      predicatedLast(ctx, thread0, `${head}${ordText}, $1;`, [
        [smem, 'r'],
        [value, bits === 64 ? 'l' : 'r'],
      ]);
    }
  };
  field('global_address', 64, ctx.lookup(op.operandGroup('global_address')[0]!)[0]!);
  field('rank', 32, rank - 1);
  for (let i = 0; i < rank; i++) field('box_dim', 32, boxDim[i]!, i);
  for (let i = 0; i < rank; i++) field('global_dim', 32, globalDim[i]!, i);
  // PTX ISA 8.5 and older take the strides in units of 16 bytes.
  for (let i = 0; i + 1 < rank; i++) field('global_stride', 64, ctx.ptxVersion <= 85 ? b.ashr(globalStride[i]!, b.i64(4)) : globalStride[i]!, i);
  for (let i = 0; i < rank; i++) field('element_stride', 32, elementStride[i]!, i);
  field('elemtype', 32, i32Attr(op, 'elem_type'));
  field('interleave_layout', 32, i32Attr(op, 'interleave_layout'));
  field('swizzle_mode', 32, i32Attr(op, 'swizzle_mode'));
  field('fill_mode', 32, i32Attr(op, 'fill_mode'));
  const desc = ctx.lookup(op.operandGroup('desc_ptr')[0]!)[0]!;
  predicatedLast(ctx, warp0, `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x${TMA_BYTES.toString(16)};`, [
    [desc, 'l'],
    [smem, 'r'],
  ]);
});

registerLowering(TensormapFenceproxyAcquireOp, (op, ctx) => {
  const b = ctx.b;
  const warp0 = b.icmp('slt', ctx.threadId(), b.i32(32));
  const desc = ctx.lookup(TensormapFenceproxyAcquireOp.desc_ptr(op))[0]!;
  ptx(
    b,
    `@$1 fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x${TMA_BYTES.toString(16)};\n\t@$1 cp.async.bulk.commit_group ;\n\t@$1 cp.async.bulk.wait_group.read 0 ;`,
    [],
    [
      [desc, 'l'],
      [warp0, 'b'],
    ],
    [],
    true,
  );
  b.barrier();
});

registerLowering(ReinterpretTensorDescOp, (op, ctx) => {
  // Always a cast op, as Triton creates it (even from the generic space; canonicalize removes it).
  ctx.replaceWith(ctx.b.op('llvm.addrspacecast', [ctx.lookup(ReinterpretTensorDescOp.rawDesc(op))[0]!], LLVMPointerType.get(0)));
});

// ---- mbarriers -----------------------------------------------------------------------------------

/** The shared address of a memdesc operand (its base plus the view's affine offset). */
function memDescAddress(ctx: LoweringContext, v: Value): Value {
  const t = v.type;
  if (!(t instanceof MemDescType)) ctx.error('expected a shared memory descriptor');
  const lowered = ctx.lookup(v);
  const addr = memDescAddressing(ctx, t, lowered);
  if (addr.padded) ctx.error('TMA and mbarriers on a padded shared layout are not supported');
  if (!addr.affine) return lowered[0]!;
  const bytes = Math.max(1, convertElementBits(t) / 8);
  return ctx.b.gep(lowered[0]!, IntegerType.get(8), ctx.b.mul(addr.affine, ctx.b.i32(bytes)), LLVMPointerType.get(3));
}

function convertElementBits(t: MemDescType): number {
  const e = convertElementType(t.elementType);
  return e instanceof IntegerType ? e.width : ((e as { width?: number }).width ?? 32);
}

/** The base address of an mbarrier memdesc (Triton takes the view's base pointer, without its offsets). */
function barrierBase(ctx: LoweringContext, v: Value): Value {
  return ctx.lookup(v)[0]!;
}

registerLowering(InitBarrierOp, (op, ctx) => {
  const b = ctx.b;
  const addr = barrierBase(ctx, InitBarrierOp.alloc(op));
  const pred = b.icmp('eq', ctx.threadId(), b.i32(0));
  predicated(ctx, pred, `mbarrier.init.shared::cta.b64 [$1], ${i32Attr(op, 'count')};`, [[addr, 'r']]);
});

registerLowering(InvalBarrierOp, (op, ctx) => {
  const b = ctx.b;
  const addr = barrierBase(ctx, InvalBarrierOp.alloc(op));
  const pred = b.icmp('eq', ctx.threadId(), b.i32(0));
  predicated(ctx, pred, 'mbarrier.inval.shared::cta.b64 [$1];', [[addr, 'r']]);
});

registerLowering(BarrierExpectOp, (op, ctx) => {
  const b = ctx.b;
  const addr = barrierBase(ctx, BarrierExpectOp.alloc(op));
  const pred = b.and(b.icmp('eq', ctx.threadId(), b.i32(0)), ctx.lookup(op.operandGroup('pred')[0]!)[0]!);
  predicated(ctx, pred, `mbarrier.arrive.expect_tx.shared.b64 _, [$1], ${i32Attr(op, 'size')};`, [[addr, 'r']]);
});

registerLowering(ArriveBarrierOp, (op, ctx) => {
  const b = ctx.b;
  // As Triton 3.6: the arrive passes the memdesc's whole struct (base pointer, offsets) as its "r" operand, not the
  // base pointer the other barrier ops extract; NVPTX packs the struct into one register whose low 32 bits are the
  // base pointer, so the PTX still addresses the barrier.
  const addr = ctx.lookupPacked(ArriveBarrierOp.alloc(op));
  let pred = b.icmp('eq', ctx.threadId(), b.i32(0));
  const user = ArriveBarrierOp.pred(op);
  if (user) pred = b.and(pred, ctx.lookup(user)[0]!);
  // As Triton: the count only when it is not the default 1.
  const count = i32Attr(op, 'count');
  predicated(ctx, pred, `mbarrier.arrive.shared::cta.b64 _, [$1]${count > 1 ? `, ${count}` : ''};`, [[addr, 'r']]);
});

registerLowering(AsyncCopyMbarrierArriveOp, (op, ctx) => {
  const noinc = op.getAttr('noIncrement') !== undefined;
  ctx.b.create('nvvm.cp.async.mbarrier.arrive.shared', [barrierBase(ctx, AsyncCopyMbarrierArriveOp.barrier(op))], [], noinc ? [['noinc', IntegerAttr.bool(true)]] : []);
});

registerLowering(WaitBarrierOp, (op, ctx) => {
  const test = ctx.computeCapability >= 90 ? 'mbarrier.try_wait.parity.shared.b64' : 'mbarrier.test_wait.parity.shared.b64';
  const sleep = ctx.computeCapability >= 90 ? '' : '\t@!complete nanosleep.u32 20;\n';
  const predV = WaitBarrierOp.pred(op);
  const constPred = predV?.definingOp?.getAttr('value');
  const predicated = predV !== undefined && !(constPred instanceof IntegerAttr && constPred.num !== 0);
  const ins: [Value, string][] = [
    [barrierBase(ctx, WaitBarrierOp.alloc(op)), 'r'],
    [ctx.lookup(WaitBarrierOp.phase(op))[0]!, 'r'],
  ];
  if (predicated) ins.push([ctx.lookup(predV)[0]!, 'b']);
  const loop = `\t.reg .pred complete;\n\twaitLoop:\n\t${test} complete, [$0], $1;\n${sleep}\t@!complete bra.uni waitLoop;\n`;
  // As Triton's raw string literals, the asm starts with a newline.
  const asm = predicated ? `\n{\n\t@!$2 bra.uni skipWait;\n${loop}\tskipWait:\n}\n` : `\n{\n${loop}}\n`;
  ptx(ctx.b, asm, [], ins, [], true);
});

// ---- TMA copies ----------------------------------------------------------------------------------

/** One TMA message of a tile: its element offset in the shared buffer and its coordinate offset per dim. */
interface TmaMessage {
  smemOffset: number;
  coordOffset: number[];
}

/**
 * The messages of a TMA copy of `t` (an NVMMA-shared tile): the box is getTMABlockShape's (every dim at most 256,
 * the contiguous one at the swizzle width), messages enumerate the boxes with dim 0 fastest (Triton's msg
 * layout), and each box starts at the shared offset of its first element.
 */
function tmaMessages(ctx: LoweringContext, t: MemDescType): TmaMessage[] {
  const enc = t.encoding;
  if (!(enc instanceof NVMMASharedEncodingAttr)) ctx.error('TMA copies need an NVMMA shared layout');
  if (enc.fp4Padded) ctx.error('TMA copies of fp4-padded tiles are not supported');
  const shape = t.shape;
  const rank = shape.length;
  // TMA moves elements of 1, 2, 4 or 8 bytes (cuTensorMapEncodeTiled's data types), in tiles of power-of-two sides.
  const elemBits = convertElementBits(t);
  if (![8, 16, 32, 64].includes(elemBits)) ctx.error(`TMA copies of ${elemBits}-bit elements are not supported`);
  if (shape.some((d) => d < 1 || (d & (d - 1)) !== 0)) ctx.error(`TMA copies need power-of-two tile dimensions, not ${shape.join('x')}`);
  const contig = enc.transposed ? 0 : rank - 1;
  const block = shape.map((s) => Math.min(s, 256));
  if (enc.swizzlingByteWidth !== 0) {
    const width = (8 * enc.swizzlingByteWidth) / convertElementBits(t);
    if (block[contig]! < width) ctx.error('block shape is too small for the swizzle width of the NVMMA shared layout');
    block[contig] = width;
  }
  const counts = shape.map((s, d) => s / block[d]!);
  const total = counts.reduce((a, c) => a * c, 1);
  const offsetOf = memDescAddressing(ctx, t, []).offsetOf;
  const shifts: number[] = [];
  let s = 0;
  for (const d of shape) {
    shifts.push(s);
    s += Math.log2(d);
  }
  const out: TmaMessage[] = [];
  for (let m = 0; m < total; m++) {
    let rest = m;
    const coord = counts.map((c, d) => {
      const i = rest % c;
      rest = Math.floor(rest / c);
      return i * block[d]!;
    });
    const flat = coord.reduce((acc, c, d) => acc | (c << shifts[d]!), 0);
    out.push({ smemOffset: offsetOf(flat), coordOffset: coord });
  }
  return out;
}

/** `elect.sync`: one lane of the warp. */
function electOne(ctx: LoweringContext): Value {
  return ptx(ctx.b, 'elect.sync _|$0, 0xffffffff;', ['=b'], [], [IntegerType.get(1)], true)[0]!;
}

/**
 * Emits one TMA instruction per message, each from one elected lane of the warp that owns it. `emit` gets the
 * predicate, the message's shared address and its coordinates (the op's coordinates plus the message's
 * offsets, innermost first) and issues the instruction.
 */
function forEachMessage(
  ctx: LoweringContext,
  smemTy: MemDescType,
  smemVal: Value,
  coordVals: readonly Value[],
  pred: Value,
  emit: (pred: Value, smemAddr: Value, coords: Value[]) => void,
): void {
  const b = ctx.b;
  const msgs = tmaMessages(ctx, smemTy);
  const base = memDescAddress(ctx, smemVal);
  const elemBytes = convertElementBits(smemTy) / 8;
  const tid = ctx.threadId();
  const warps = ctx.numWarps;
  const rank = coordVals.length;
  const elected = b.and(pred, electOne(ctx));
  for (let first = 0; first < msgs.length; first += warps) {
    const n = Math.min(msgs.length - first, warps);
    const warp = n === 1 ? b.i32(0) : nvgWarpId(b);
    const boxPred = b.and(elected, b.icmp('ult', tid, b.i32(n * ctx.threadsPerWarp)));
    const idx = b.add(warp, b.i32(first));
    // The message's offsets as runtime selects over the warps that issue this round.
    const pick = (f: (m: TmaMessage) => number): Value => {
      let v = b.i32(f(msgs[first]!));
      for (let k = 1; k < n; k++) v = b.select(b.icmp('eq', idx, b.i32(first + k)), b.i32(f(msgs[first + k]!)), v);
      return v;
    };
    const addr = b.gep(base, IntegerType.get(8), b.mul(pick((m) => m.smemOffset), b.i32(elemBytes)), LLVMPointerType.get(3));
    const coords: Value[] = [];
    for (let i = 0; i < rank; i++) {
      const d = rank - 1 - i;
      const off = msgs.some((m) => m.coordOffset[d] !== 0) ? pick((m) => m.coordOffset[d]!) : undefined;
      coords.push(off ? b.add(coordVals[d]!, off) : coordVals[d]!);
    }
    emit(boxPred, addr, coords);
  }
}

registerLowering(AsyncTMACopyGlobalToLocalOp, (op, ctx) => {
  if (i32Attr(op, 'cache', 1) !== 1) ctx.error('cache modifiers not supported yet');
  if (i32Attr(op, 'evict', 1) !== 1) ctx.error('eviction policy not supported yet');
  const vol = op.getAttr('isVolatile');
  if (vol instanceof IntegerAttr && vol.num !== 0) ctx.error('volatile not supported yet');
  const dst = op.operandGroup('result')[0]!;
  const dstTy = dst.type as MemDescType;
  const desc = ctx.lookup(op.operandGroup('desc')[0]!)[0]!;
  const coords = op.operandGroup('coord').map((v) => ctx.lookup(v)[0]!);
  const barrier = barrierBase(ctx, op.operandGroup('barrier')[0]!);
  const pred = ctx.lookup(op.operandGroup('pred')[0]!)[0]!;
  const rank = coords.length;
  forEachMessage(ctx, dstTy, dst, coords, pred, (p, addr, c) => {
    const list = c.map((_, i) => `$${3 + i}`).join(', ');
    ptx(
      ctx.b,
      `@$0 cp.async.bulk.tensor.${rank}d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {${list}}], [$${3 + rank}];`,
      [],
      [[p, 'b'], [addr, 'r'], [desc, 'l'], ...c.map((v): [Value, string] => [v, 'r']), [barrier, 'r']],
      [],
      true,
    );
  });
});

registerLowering(AsyncTMACopyLocalToGlobalOp, (op, ctx) => {
  const src = op.operandGroup('src')[0]!;
  const desc = ctx.lookup(op.operandGroup('desc')[0]!)[0]!;
  const coords = op.operandGroup('coord').map((v) => ctx.lookup(v)[0]!);
  const rank = coords.length;
  forEachMessage(ctx, src.type as MemDescType, src, coords, ctx.b.i1(true), (p, addr, c) => {
    const list = c.map((_, i) => `$${2 + i}`).join(', ');
    ptx(
      ctx.b,
      `@$0 cp.async.bulk.tensor.${rank}d.global.shared::cta.bulk_group [$1, {${list}}], [$${2 + rank}];`,
      [],
      [[p, 'b'], [desc, 'l'], ...c.map((v): [Value, string] => [v, 'r']), [addr, 'r']],
      [],
      true,
    );
  });
  ctx.b.create('nvvm.cp.async.bulk.commit.group', [], []);
});

registerLowering(TMAStoreWaitOp, (op, ctx) => {
  ctx.b.create('nvvm.cp.async.bulk.wait_group', [], [], [
    ['group', IntegerAttr.i32(i32Attr(op, 'pendings'))],
    ['read', UnitAttr.get()],
  ]);
});
