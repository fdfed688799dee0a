/**
 * `--convert-triton-gpu-to-llvm=compute-capability=NN ptx-version=NN` (Triton 3.6's ConvertTritonGPUToLLVM for
 * NVIDIA): functions become `llvm.func` (function.ts), every TritonGPU / Triton / arith / math / cf op is lowered by
 * the patterns registered in the files imported below (see conversion.ts for the pattern API), the module gets the
 * `@global_smem` dynamic shared memory global, and the membar analysis places barriers between conflicting shared
 * memory accesses.
 */
import { IntegerAttr, StringAttr, TypeAttr } from '../dialect/ir/attribute.js';
import { createOperation } from '../dialect/ir/create.js';
import type { Operation } from '../dialect/ir/ir.js';
import { FunctionType, IntegerType } from '../dialect/ir/type.js';
import { LLVMArrayType, LLVMPointerType } from '../dialect/llvm/types.js';
import { LLVMEnumAttr } from '../dialect/llvm/attrs.js';
import { ModuleAxisInfoAnalysis } from '../analysis/axis-info.js';
import { registerPass, type PassContext } from '../transforms/pass.js';
import { requireTritonGpuIR } from '../transforms/preconditions.js';
import { DiagnosticError, exceptionAsOpError } from '../dialect/ir/diagnostics.js';
import { assertRegisterBudget, FunctionLowering, LoweringError, type ConversionState } from './conversion.js';
import { lookupNumCTAs, lookupNumWarps, lookupThreadsPerWarp } from '../dialect/ttg/context.js';
import { convertFuncOp, type ConvertedFunction } from './function.js';
import { computeBarriers } from '../analysis/membar.js';
import { ModuleAllocation, nvidiaScratchSizeFn } from '../analysis/allocation.js';
// Pattern modules (each registers its lowerings).
import './async-copy.js';
import './atomics.js';
import './control-flow.js';
import './convert-layout.js';
import './dot/index.js';
import './elementwise.js';
import './gather.js';
import './histogram.js';
import './memory.js';
import './reduce.js';
import './scan.js';
import './shared-memory.js';
import './memdesc-reinterpret.js';
import './spmd.js';
import './view.js';
import { foldClusterCTAIdsForOneCTA, recordClusterIds } from './nvg-builders.js';
import { LLVMBuilder } from './builder.js';
import { Builder } from '../dialect/ir/builder.js';
import './nv-passes.js';
import './nvg-to-llvm.js';
import './print-assert.js';
import './llvm-folds.js';
import './fence.js';
import './tma.js';
import './warp-specialize/pass.js';
import './warp-specialize/keep.js';
import './gpu-barrier.js';
import { FuncOp } from '../dialect/tt/ops.js';
import { ModuleOp } from '../dialect/builtin/ops.js';
import { makeAllWarpGroupsIsolatedFromAbove } from './warp-group-captures.js';
import { ClusterCTAIdOp } from '../dialect/nvg/ops.js';
import { WarpSpecializeOp } from '../dialect/ttg/ops.js';

export const SMEM_GLOBAL = 'global_smem';

/** Options of the pass. */
export interface ConvertToLLVMOptions {
  computeCapability: number;
  ptxVersion: number;
}

/** Runs the conversion on a module; returns the errors (empty on success). */
export function convertTritonGPUToLLVM(module: Operation, opts: ConvertToLLVMOptions): { op: Operation; message: string }[] {
  const body = module.region(0).blocks[0]!;
  // The functions of the module and of the modules nested in it (Triton converts the whole module).
  const funcs: Operation[] = [];
  const collect = (ops: readonly Operation[]): void => {
    for (const o of ops) {
      if (FuncOp.is(o)) funcs.push(o);
      else if (ModuleOp.is(o)) collect(o.region(0).blocks[0]?.ops ?? []);
    }
  };
  collect(body.ops);
  // What the steps after the conversion look for in the input; they find what the conversion builds without
  // walking the lowered module.
  const inputClusterIds: Operation[] = [];
  let warpSpecialized = false;
  module.walk((op) => {
    if (ClusterCTAIdOp.is(op)) inputClusterIds.push(op);
    else if (WarpSpecializeOp.is(op)) warpSpecialized = true;
  });
  // Each function's warps, as Triton's FuncOpToLLVM looks them up (a located error when no context sets them),
  // before anything is rewritten.
  const numWarps = funcs.map((f) => lookupNumWarps(f));
  const badWarps = funcs.findIndex((_, i) => !(numWarps[i]! >= 1));
  // Every thread-index computation divides by or loops over the warps (Triton's lowering would too).
  if (badWarps >= 0) return [{ op: funcs[badWarps]!, message: `cannot be lowered for ${numWarps[badWarps]} warps ('ttg.num-warps' must be at least 1)` }];
  // A signature of more registers than the lowering takes is reported before its (huge) LLVM struct types are built.
  for (const f of funcs) {
    const ft = FuncOp.function_type(f).value;
    if (!(ft instanceof FunctionType)) continue;
    try {
      assertRegisterBudget(f, [...ft.inputs, ...ft.results]);
    } catch (e) {
      if (e instanceof LoweringError) return [{ op: e.op, message: e.message }];
      throw e;
    }
  }
  const threadsPerWarp = lookupThreadsPerWarp(module);
  if (!(threadsPerWarp >= 1) && funcs[0]) return [{ op: funcs[0], message: `cannot be lowered for ${threadsPerWarp} threads per warp ('ttg.threads-per-warp' must be at least 1)` }];
  const shared: Omit<ConversionState, 'numWarps'> = {
    target: { computeCapability: opts.computeCapability, ptxVersion: opts.ptxVersion },
    threadsPerWarp,
    numCTAs: lookupNumCTAs(module),
    axisInfo: new ModuleAxisInfoAnalysis(module),
    barrierBefore: computeBarriers(module, new ModuleAllocation(module, nvidiaScratchSizeFn(opts, threadsPerWarp))),
    errors: [],
  };
  const converted = funcs.map((f, i) => ({ ...convertFuncOp(f, numWarps[i]!), state: { ...shared, numWarps: numWarps[i]! } }));
  // The dynamic shared memory global (always created, as Triton does).
  const global = createOperation({
    name: 'llvm.mlir.global',
    attributes: [
      ['global_type', TypeAttr.get(LLVMArrayType.get(IntegerType.get(8), 0))],
      ['sym_name', StringAttr.get(SMEM_GLOBAL)],
      ['linkage', LLVMEnumAttr.get('linkage', 'external')],
      ['alignment', IntegerAttr.i64(16)],
      ['addr_space', IntegerAttr.i32(3)],
    ],
    regions: 1,
    loc: module.loc,
  });
  body.insertAt(0, global);
  const { ids: builtClusterIds } = recordClusterIds(() => lowerFunctions(converted, shared.errors));
  // Triton folds the CTA id of a one-CTA kernel once everything is converted (the dead ids stay for canonicalize).
  if (shared.numCTAs === 1) {
    foldClusterCTAIdsForOneCTA(module, [...inputClusterIds, ...builtClusterIds], (at) => new LLVMBuilder(builderBefore(at), at.loc));
  }
  // What the partitions of a `ttg.warp_specialize` now use from above becomes an explicit capture.
  if (warpSpecialized) makeAllWarpGroupsIsolatedFromAbove(module);
  return shared.errors;
}

function lowerFunctions(converted: readonly (ConvertedFunction & { state: ConversionState })[], errors: ConversionState['errors']): void {
  for (const c of converted) {
    const fl = new FunctionLowering(
      c.state,
      c.func,
      (b) => c.smemArg ?? b.addressOf(SMEM_GLOBAL, LLVMPointerType.get(3)),
      c.globalScratchArg,
      c.profileScratchArg,
    );
    try {
      fl.run(c.numOrigArgs);
    } catch (e) {
      if (e instanceof LoweringError) errors.push({ op: e.op, message: e.message });
      else if (e instanceof DiagnosticError) throw e;
      else {
        // A bad layout in the signature (converted outside any op's lowering): an error at the function.
        const d = exceptionAsOpError(c.func, e);
        if (!d) throw e;
        errors.push({ op: c.func, message: d.diagnostic.message.replace(/^'[^']*' op /, '') });
      }
    }
  }
}

function builderBefore(op: Operation): Builder {
  const b = new Builder();
  b.setInsertionPoint(op);
  return b;
}

registerPass({
  name: 'convert-triton-gpu-to-llvm',
  className: 'ConvertTritonGPUToLLVM',
  description: 'Convert TritonGPU to LLVM',
  options: {
    'compute-capability': { type: 'int', default: 80, description: 'device compute capability' },
    'ptx-version': { type: 'int', default: 80, description: 'PTX version' },
  },
  run(module: Operation, options, ctx: PassContext) {
    if (!requireTritonGpuIR(module, ctx, 'convert-triton-gpu-to-llvm')) return;
    const errors = convertTritonGPUToLLVM(module, {
      computeCapability: options['compute-capability'],
      ptxVersion: options['ptx-version'],
    });
    for (const e of errors) ctx.emitError(e.op, e.message);
    if (errors.length) ctx.signalPassFailure();
  },
});
