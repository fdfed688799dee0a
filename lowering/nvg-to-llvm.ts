/**
 * `--convert-nv-gpu-to-llvm` (Triton 3.6's NVGPUToLLVMPass): the `nvg.*` ops that convert-triton-gpu-to-llvm left
 * become inline PTX or NVVM ops, through MLIR's greedy driver (so constants are uniqued and hoisted and the LLVM
 * folders run, as in Triton), then:
 * - `nvg.tensor_memory_base` becomes the kernel's tcgen05.alloc'd tensor memory (alloc by warp 0 at entry, the
 *   address through shared memory, relinquish, dealloc before each return);
 * - every `ttg.warp_specialize` gets the values its partitions use from above as explicit captures.
 *
 * The inline-asm form of an op (Triton's rewriteAsPtxAsm): `#attr` in the PTX text is replaced by the op's integer
 * attribute, struct operands are unpacked element by element (a tied constraint `N` becomes `N`, `N+1`, ...), and
 * pointer / narrower operands are converted to the width of their constraint letter.
 */
import { IntegerAttr, StringAttr } from '../dialect/ir/attribute.js';
import type { Block, Operation, Value } from '../dialect/ir/ir.js';
import { FloatType, IntegerType, type Type } from '../dialect/ir/type.js';
import { applyPatternsGreedily } from '../dialect/ir/rewrite/greedy.js';
import { pattern, type RewritePattern } from '../dialect/ir/rewrite/pattern.js';
import type { PatternRewriter } from '../dialect/ir/rewriter.js';
import { Builder } from '../dialect/ir/builder.js';
import { DiagnosticError, opError } from '../dialect/ir/diagnostics.js';
import { isMemoryEffectFree } from '../dialect/ir/traits.js';
import { LLVMPointerType, LLVMStructType } from '../dialect/llvm/types.js';
import { lookupNumWarps, lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import {
  ClusterCTAIdOp,
  LoadAcquireOp,
  NVG_MEM_SEMANTIC,
  NVG_MEM_SYNC_SCOPE,
  TensorMemoryBaseAddress,
  WarpIdOp,
  WGMMA_ELT_TYPES,
  WGMMAOp,
  WGMMAWaitGroupOp,
} from '../dialect/nvg/ops.js';
import { registerPass, type PassContext } from '../transforms/pass.js';
import { LLVMBuilder } from './builder.js';
import { shuffle } from './reduce-scan-common.js';
import { makeAllWarpGroupsIsolatedFromAbove } from './warp-group-captures.js';
import { WarpSpecializeOp, WarpSpecializePartitionsOp } from '../dialect/ttg/ops.js';
import { LLVMFuncOp, ReturnOp as LLVMReturnOp } from '../dialect/llvm/ops.js';

const i32 = (): IntegerType => IntegerType.get(32);

/** A value and its PTX constraint (`r`, `l`, `b`, or a tied output index). */
type Constrained = readonly [Value, string];

const isNumber = (c: string): boolean => /^[0-9]+$/.test(c);

function typeOfConstraint(c: string): Type {
  switch (c[0]) {
    case 'b': return IntegerType.get(1);
    case 'h': return IntegerType.get(16);
    case 'r': return i32();
    case 'l': return IntegerType.get(64);
    case 'f': return FloatType.get('f32');
    case 'd': return FloatType.get('f64');
    default: throw new Error(`unsupported PTX constraint '${c}'`);
  }
}

function bitWidth(t: Type): number {
  return t instanceof IntegerType || t instanceof FloatType ? t.width : 0;
}

/** `#name` in the PTX text → the op's integer attribute `name`. */
function patchPtxAsm(op: Operation, asm: string): string {
  return asm.replace(/#([A-Za-z0-9]+)/g, (_, name: string) => {
    const a = op.getAttr(name);
    if (!(a instanceof IntegerAttr)) throw new Error(`'${op.name}' has no integer attribute '${name}'`);
    return String(a.num);
  });
}

/** Triton's nvgpu::rewriteAsPtxAsm: replaces `op` by one `llvm.inline_asm` returning the op's result type. */
export function rewriteAsPtxAsm(op: Operation, rw: PatternRewriter, asm: string, ins: readonly Constrained[], outs: readonly string[]): void {
  const b = new LLVMBuilder(rw, op.loc);
  const text = patchPtxAsm(op, asm);
  const operands: Value[] = [];
  const constraints: string[] = [...outs];
  const unpacked: Constrained[] = [];
  for (const [v, c] of ins) {
    if (v.type instanceof LLVMStructType) {
      v.type.body.forEach((t, i) => unpacked.push([b.extractValue(v, i, t), isNumber(c) ? String(Number(c) + i) : c]));
    } else unpacked.push([v, c]);
  }
  for (const [v, c] of unpacked) {
    let x = v;
    if (!isNumber(c)) {
      const t = typeOfConstraint(c);
      if (v.type instanceof LLVMPointerType) x = b.ptrtoint(v, t);
      else if (bitWidth(v.type) < bitWidth(t)) x = b.zext(v, t);
    }
    operands.push(x);
    constraints.push(c);
  }
  const resTy = op.results.length === 0 ? undefined : op.result(0).type;
  const r = b.inlineAsm(text, constraints.join(','), operands, resTy, !isMemoryEffectFree(op));
  if (r) rw.replaceOp(op, [r]);
  else rw.eraseOp(op);
}

// ---- wgmma -----------------------------------------------------------------------------------------------

function wgmmaAsm(op: Operation): string {
  const m = WGMMAOp.m(op).num;
  const n = WGMMAOp.n(op).num;
  const k = WGMMAOp.k(op).num;
  const elt = (a: IntegerAttr): string => WGMMA_ELT_TYPES[a.num] ?? '?';
  const eltC = elt(WGMMAOp.eltTypeC(op));
  const eltA = elt(WGMMAOp.eltTypeA(op));
  const eltB = elt(WGMMAOp.eltTypeB(op));
  const transA = WGMMAOp.layoutA(op).num === 1;
  const transB = WGMMAOp.layoutB(op).num === 0;
  const aType = WGMMAOp.opA(op).type;
  const structA = aType instanceof LLVMStructType ? aType : undefined;
  const out = WGMMAOp.res(op).type as LLVMStructType;
  const hasC = WGMMAOp.opC(op) !== undefined;
  // Which wgmma forms exist (the PTX ISA's wgmma.mma_async table): 16-bit types take transpose flags, the
  // others only the K-major layouts; integer forms take no scale immediates.
  const f16Like = (eltA === 'f16' && eltB === 'f16' && (eltC === 'f16' || eltC === 'f32')) || (eltA === 'bf16' && eltB === 'bf16' && eltC === 'f32');
  let supported = f16Like && m === 64 && n >= 8 && n <= 256 && k === 16;
  const needTransArgs = supported;
  let floatType = supported;
  if (!supported && !transA && !transB) {
    const fp8 = (t: string): boolean => t === 'e4m3' || t === 'e5m2';
    supported =
      (eltA === 'tf32' && eltB === 'tf32' && eltC === 'f32' && m === 64 && n >= 8 && n <= 256 && k === 8) ||
      (fp8(eltA) && fp8(eltB) && (eltC === 'f16' || eltC === 'f32') && m === 64 && n >= 8 && n <= 256 && k === 32);
    floatType = supported;
    supported ||= eltA === 's8' && eltB === 's8' && eltC === 's32' && m === 64 && n >= 8 && n <= 224 && k === 32;
  }
  if (!supported) throw new DiagnosticError(opError(op, `wgmma m${m}n${n}k${k}.${eltC}.${eltA}.${eltB} (transA=${transA}, transB=${transB}) is not a PTX instruction`));
  let idx = 0;
  const list = (count: number): string => Array.from({ length: count }, () => `$${idx++}`).join(',');
  let args = `{${list(out.body.length)}}, `;
  if (hasC) idx += out.body.length;
  args += structA ? `{${list(structA.body.length)}}, ` : `$${idx++}, `;
  args += `$${idx++}, `;
  args += hasC ? `$${idx++}` : '0';
  if (floatType) args += ', 1, 1';
  if (needTransArgs) {
    if (!structA) args += `, ${transA ? 1 : 0}`;
    args += `, ${transB ? 1 : 0}`;
  }
  return `wgmma.mma_async.sync.aligned.m${m}n${n}k${k}.${eltC}.${eltA}.${eltB} ${args};`;
}

const wgmmaPattern = pattern(WGMMAOp.opName, (op, rw) => {
  const out = WGMMAOp.res(op).type as LLVMStructType;
  const first = out.body[0];
  const outC = first instanceof FloatType && first.kind === 'f32' ? '=f' : '=r';
  const a = WGMMAOp.opA(op);
  const c = WGMMAOp.opC(op);
  const ins: Constrained[] = [];
  if (c) ins.push([c, '0']);
  ins.push([a, a.type instanceof LLVMStructType ? 'r' : 'l']);
  ins.push([WGMMAOp.opB(op), 'l']);
  if (c) ins.push([WGMMAOp.useC(op), 'b']);
  rewriteAsPtxAsm(op, rw, wgmmaAsm(op), ins, new Array<string>(out.body.length).fill(outC));
  return true;
});

/** The output constraint of a register of `t` (by its size, f32 as `f`). */
function waitOutConstraint(t: Type): string {
  const bits = t instanceof LLVMPointerType ? 64 : bitWidth(t);
  if (bits === 64) return '=l';
  if (bits === 32) return t instanceof FloatType && t.kind === 'f32' ? '=f' : '=r';
  if (bits === 16) return '=h';
  throw new Error(`unexpected bitwidth in WGMMAWaitGroupOp: ${bits}`);
}

const wgmmaWaitPattern = pattern(WGMMAWaitGroupOp.opName, (op, rw) => {
  const st = WGMMAWaitGroupOp.output(op).type as LLVMStructType;
  const regs = st.body.map((_, i) => `$${i}`).join(',');
  const asm = `// wait for regs: ${regs}\n\twgmma.wait_group.sync.aligned #pendings;`;
  rewriteAsPtxAsm(op, rw, asm, [[WGMMAWaitGroupOp.input(op), '0']], st.body.map(waitOutConstraint));
  return true;
});

// ---- ids and the acquire load ------------------------------------------------------------------------------

const clusterIdPattern = pattern(ClusterCTAIdOp.opName, (op, rw) => {
  rw.replaceOp(op, [new LLVMBuilder(rw, op.loc).sreg('cluster.ctarank')]);
  return true;
});

/** Triton's getWarpGroupStartThreadId: the first thread of the warp_specialize partition `block` is in, if any. */
export function warpGroupStartThreadId(block: Block | undefined): number | undefined {
  let cur = block;
  while (cur?.parentOp && !WarpSpecializePartitionsOp.is(cur.parentOp)) cur = cur.parentOp.parent;
  const parts = cur?.parentOp;
  if (!cur || !parts) return undefined;
  const idx = parts.regions.indexOf(cur.parent!);
  const ws = parts.parentOp!;
  const starts = WarpSpecializeOp.warpGroupStartIds(ws)?.values;
  if (!starts) throw new Error('cannot get warp group ID before warp group allocation');
  return starts[idx]! * lookupThreadsPerWarp(ws);
}

const warpIdPattern = pattern(WarpIdOp.opName, (op, rw) => {
  const b = new LLVMBuilder(rw, op.loc);
  if (lookupNumWarps(op) === 1) {
    rw.replaceOp(op, [b.i32(0)]);
    return true;
  }
  let tid = b.sreg('tid.x');
  const start = warpGroupStartThreadId(op.parent);
  if (start !== undefined) tid = b.sub(tid, b.i32(start));
  // The shuffle from lane 0 tells ptxas the id (and what derives from it) is warp-uniform.
  rw.replaceOp(op, [shuffle(b, 'idx', b.udiv(tid, b.i32(32)), 0)]);
  return true;
});

const loadAcquirePattern = pattern(LoadAcquireOp.opName, (op, rw) => {
  const b = new LLVMBuilder(rw, op.loc);
  const valueTy = LoadAcquireOp.result(op).type;
  const bits = Math.max(8, valueTy instanceof LLVMPointerType ? 64 : bitWidth(valueTy));
  const width = Math.min(bits, Math.max(32, bits));
  const out = width === 64 ? '=l' : width === 32 ? '=r' : '=c';
  const movBits = width === 64 ? 64 : width === 32 ? 32 : 16;
  const scope = NVG_MEM_SYNC_SCOPE.keywordOf(LoadAcquireOp.scope(op).num);
  const sem = NVG_MEM_SEMANTIC.keywordOf(LoadAcquireOp.sem(op).num);
  const parts = ['ld', 'global'];
  if (scope === 'cta' || scope === 'gpu' || scope === 'sys') parts.push(scope);
  if (sem === 'acquire' || sem === 'relaxed') parts.push(sem);
  parts.push(`b${width}`);
  const mask = LoadAcquireOp.mask(op);
  const ld = `${mask ? '@$2 ' : ''}${parts.join('.')} $0, [ $1 + 0 ];`;
  const ins: Value[] = [LoadAcquireOp.addr(op)];
  if (mask) ins.push(mask);
  const raw = b.inlineAsm(`mov.u${movBits} $0, 0x0;\n\t${ld}`, [out, 'l', ...(mask ? ['b'] : [])].join(','), ins, IntegerType.get(width), true)!;
  rw.replaceOp(op, [b.bitcast(raw, valueTy)]);
  return true;
});

const PATTERNS: readonly RewritePattern[] = [clusterIdPattern, wgmmaPattern, loadAcquirePattern, wgmmaWaitPattern, warpIdPattern];

// ---- tensor memory -------------------------------------------------------------------------------------

function isKernel(func: Operation): boolean {
  const vis = func.getAttr('sym_visibility');
  return !(vis instanceof StringAttr) || vis.value === 'public';
}

/** Allocates the kernel's tensor memory at its entry and frees it before each return; returns the base. */
function initTensorMemory(func: Operation, module: Operation, ctx: PassContext): Value | undefined {
  const sizeAttr = module.getAttr('ttg.tensor_memory_size');
  if (!(sizeAttr instanceof IntegerAttr)) {
    ctx.emitError(func, "tensor memory is used but the module has no 'ttg.tensor_memory_size'");
    return undefined;
  }
  const size = sizeAttr.num;
  if (size === 0) return undefined;
  const entry = func.region(0).blocks[0]!;
  const builder = new Builder();
  builder.setInsertionPointToStart(entry);
  const b = new LLVMBuilder(builder, func.loc);
  const tmemPtr = LLVMPointerType.get(6);
  // Triton's frontend reports the overflow; the kernel traps so that compilation can go on.
  if (size > 512) {
    b.create('llvm.intr.trap', [], []);
    return b.undef(tmemPtr);
  }
  const twoCTAsAttr = module.getAttr('ttng.two-ctas');
  const twoCTAs = twoCTAsAttr !== undefined && 'value' in twoCTAsAttr && twoCTAsAttr.value === true;
  const group = twoCTAs ? 2 : 1;
  // Only the first warp (of the default warp group) allocates and frees.
  const pred = b.icmp('ult', b.sreg('tid.x'), b.i32(32));
  const smem = b.addressOf('global_smem', LLVMPointerType.get(3));
  b.inlineAsm(`@$0 tcgen05.alloc.cta_group::${group}.sync.aligned.shared::cta.b32 [$1], ${size};`, 'b,r', [pred, smem], undefined, true);
  b.barrier();
  const addr = b.load(smem, i32());
  b.barrier();
  const base = b.inttoptr(addr, tmemPtr);
  b.inlineAsm(`@$0 tcgen05.relinquish_alloc_permit.cta_group::${group}.sync.aligned;`, 'b', [pred], undefined, true);
  func.walk((ret) => {
    if (!LLVMReturnOp.is(ret)) return;
    const rb = new Builder();
    rb.setInsertionPoint(ret);
    const lb = new LLVMBuilder(rb, ret.loc);
    lb.barrier();
    lb.inlineAsm(`@$0 tcgen05.dealloc.cta_group::${group}.sync.aligned.b32 $1, ${size};`, 'b,r', [pred, base], undefined, true);
  });
  return base;
}

function lowerTensorMemoryAlloc(module: Operation, ctx: PassContext): void {
  const bases: Operation[] = [];
  module.walk((op) => {
    if (TensorMemoryBaseAddress.is(op)) bases.push(op);
  });
  if (bases.length === 0) return;
  const funcOf = (op: Operation): Operation | undefined => op.getParentWhere((p) => LLVMFuncOp.is(p));
  const kernel = funcOf(bases[0]!);
  for (const op of bases) {
    if (funcOf(op) !== kernel) {
      ctx.emitError(op, 'tensor memory used in more than one function is not supported');
      ctx.signalPassFailure();
      return;
    }
  }
  if (!kernel || !isKernel(kernel)) {
    ctx.emitError(bases[0]!, 'tensor memory used outside a kernel is not supported');
    ctx.signalPassFailure();
    return;
  }
  const base = initTensorMemory(kernel, module, ctx);
  if (!base) return;
  for (const op of bases) {
    op.result(0).replaceAllUsesWith(base);
    op.erase();
  }
}

registerPass({
  name: 'convert-nv-gpu-to-llvm',
  className: 'ConvertNVGPUToLLVM',
  description: 'Convert NVGPU to LLVM',
  run(module, _options, ctx) {
    try {
      applyPatternsGreedily(module, PATTERNS);
    } catch (e) {
      if (e instanceof DiagnosticError) throw e;
      ctx.emitError(module, e instanceof Error ? e.message : String(e));
      ctx.signalPassFailure();
      return;
    }
    lowerTensorMemoryAlloc(module, ctx);
    makeAllWarpGroupsIsolatedFromAbove(module);
  },
});
