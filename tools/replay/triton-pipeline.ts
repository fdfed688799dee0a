/**
 * Triton 3.6's CUDA compilation pipeline as data: the passes of `make_ttir`, `make_ttgir` and `make_llir`
 * (third_party/nvidia/backend/compiler.py) in order, each with the triton-opt flag and the options the backend
 * passes with its default compile options. Option values that depend on the compile are written as `{var}` and
 * filled from `PipelineVars`. Read off `../shared/golden/pipeline.tar.xz` (every stage's `pipeline` text) and
 * Triton's `MLIR_ENABLE_DUMP=1` logs.
 */

/** What the options of a compile depend on. */
export interface PipelineVars {
  /** Compute capability, e.g. 80 or 90. */
  cap: number;
  numWarps: number;
  numCtas: number;
  threadsPerWarp: number;
  numStages: number;
  ptxVersion: number;
}

export type PipelineStage = 'make_ttir' | 'make_ttgir' | 'make_llir';

export interface PipelineStep {
  stage: PipelineStage;
  /** The pass argument (triton-opt flag without dashes). */
  flag: string;
  /** MLIR's pass class name, as dumps print it. */
  className: string;
  /** Only for these capabilities (inclusive range); absent: every target. */
  cap?: { min?: number; max?: number };
}

/** The options Triton's backend gives each pass, by flag ('' = none). One entry per flag: every run of a pass in
 * the pipeline uses the same options. */
export const PASS_OPTIONS: Readonly<Record<string, string>> = {
  canonicalize: 'max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true',
  'convert-triton-to-tritongpu':
    'enable-source-remat=false num-ctas={numCtas} num-warps={numWarps} target=cuda:{cap} threads-per-warp={threadsPerWarp}',
  'tritongpu-F32DotTC': 'emu-tf32=true',
  'tritongpu-optimize-dot-operands': 'hoist-layout-conversion=true',
  'nvgpu-warp-specialization': 'dump-intermediate-steps=false num-stages={numStages}',
  'tritongpu-assign-latencies': 'num-stages={numStages}',
  'tritongpu-pipeline': 'dump-intermediate-steps=false num-stages={numStages}',
  'triton-nvidia-gpu-fence-insertion': 'compute-capability={cap}',
  'allocate-shared-memory-nv': 'compute-capability={cap} ptx-version={ptxVersion}',
  'triton-nvidia-gpu-proxy-fence-insertion': 'compute-capability={cap}',
  'convert-triton-gpu-to-llvm': 'compute-capability={cap} ptx-version={ptxVersion}',
};

const step = (stage: PipelineStage, flag: string, className: string, cap?: PipelineStep['cap']): PipelineStep =>
  cap ? { stage, flag, className, cap } : { stage, flag, className };

/** The passes of one `triton.compile` for an NVIDIA target, in order. */
export const TRITON_CUDA_PIPELINE: readonly PipelineStep[] = [
  step('make_ttir', 'inline', 'Inliner'),
  step('make_ttir', 'triton-rewrite-tensor-pointer', 'TritonRewriteTensorPointer'),
  step('make_ttir', 'triton-rewrite-tensor-descriptor-to-pointer', 'TritonRewriteTensorDescriptorToPointer', { max: 89 }),
  step('make_ttir', 'canonicalize', 'Canonicalizer'),
  step('make_ttir', 'triton-combine', 'TritonCombineOps'),
  step('make_ttir', 'triton-reorder-broadcast', 'TritonReorderBroadcast'),
  step('make_ttir', 'cse', 'CSE'),
  step('make_ttir', 'symbol-dce', 'SymbolDCE'),
  step('make_ttir', 'triton-loop-unroll', 'TritonLoopUnroll'),
  step('make_ttgir', 'convert-triton-to-tritongpu', 'ConvertTritonToTritonGPU'),
  step('make_ttgir', 'tritongpu-coalesce', 'TritonGPUCoalesce'),
  step('make_ttgir', 'tritongpu-F32DotTC', 'TritonGPUF32DotTC'),
  step('make_ttgir', 'triton-nvidia-gpu-plan-cta', 'TritonGPUPlanCTAPass'),
  step('make_ttgir', 'tritongpu-remove-layout-conversions', 'TritonGPURemoveLayoutConversions'),
  step('make_ttgir', 'tritongpu-optimize-thread-locality', 'TritonGPUOptimizeThreadLocality'),
  step('make_ttgir', 'tritongpu-accelerate-matmul', 'TritonGPUAccelerateMatmul'),
  step('make_ttgir', 'tritongpu-remove-layout-conversions', 'TritonGPURemoveLayoutConversions'),
  step('make_ttgir', 'tritongpu-optimize-dot-operands', 'TritonGPUOptimizeDotOperands'),
  step('make_ttgir', 'triton-nvidia-optimize-descriptor-encoding', 'TritonNvidiaGPUOptimizeDescriptorEncodingPass'),
  step('make_ttgir', 'triton-loop-aware-cse', 'TritonLoopAwareCSE'),
  step('make_ttgir', 'tritongpu-fuse-nested-loops', 'TritonGPUFuseNestedLoops'),
  step('make_ttgir', 'canonicalize', 'Canonicalizer'),
  step('make_ttgir', 'triton-licm', 'TritonLoopInvariantCodeMotion'),
  step('make_ttgir', 'canonicalize', 'Canonicalizer'),
  step('make_ttgir', 'tritongpu-combine-tensor-select-and-if', 'TritonGPUCombineTensorSelectAndIf'),
  step('make_ttgir', 'nvgpu-warp-specialization', 'NVGPUWarpSpecialization'),
  step('make_ttgir', 'tritongpu-assign-latencies', 'TritonGPUAssignLatencies'),
  step('make_ttgir', 'tritongpu-schedule-loops', 'TritonGPUScheduleLoops'),
  step('make_ttgir', 'tritongpu-pipeline', 'TritonGPUPipeline'),
  step('make_ttgir', 'canonicalize', 'Canonicalizer'),
  step('make_ttgir', 'triton-loop-aware-cse', 'TritonLoopAwareCSE'),
  step('make_ttgir', 'tritongpu-prefetch', 'TritonGPUPrefetch'),
  step('make_ttgir', 'tritongpu-optimize-dot-operands', 'TritonGPUOptimizeDotOperands'),
  step('make_ttgir', 'canonicalize', 'Canonicalizer'),
  step('make_ttgir', 'tritongpu-coalesce-async-copy', 'TritonGPUCoalesceAsyncCopy'),
  step('make_ttgir', 'triton-nvidia-optimize-tmem-layouts', 'TritonNvidiaGPUOptimizeTMemLayoutsPass'),
  step('make_ttgir', 'triton-nvidia-tma-lowering', 'TritonNvidiaGPUTMALoweringPass', { min: 90 }),
  step('make_ttgir', 'tritongpu-remove-layout-conversions', 'TritonGPURemoveLayoutConversions'),
  step('make_ttgir', 'triton-nvidia-interleave-tmem', 'TritonNvidiaGPUInterleaveTMemPass'),
  step('make_ttgir', 'tritongpu-reduce-data-duplication', 'TritonGPUReduceDataDuplication'),
  step('make_ttgir', 'tritongpu-reorder-instructions', 'TritonGPUReorderInstructions'),
  step('make_ttgir', 'triton-loop-aware-cse', 'TritonLoopAwareCSE'),
  step('make_ttgir', 'symbol-dce', 'SymbolDCE'),
  step('make_ttgir', 'triton-nvidia-gpu-fence-insertion', 'TritonGPUFenceInsertion'),
  step('make_ttgir', 'triton-nvidia-mma-lowering', 'TritonNvidiaGPUMMALoweringPass'),
  step('make_ttgir', 'sccp', 'SCCP'),
  step('make_ttgir', 'cse', 'CSE'),
  step('make_ttgir', 'canonicalize', 'Canonicalizer'),
  step('make_llir', 'tritongpu-combine-tensor-select-and-if', 'TritonGPUCombineTensorSelectAndIf'),
  step('make_llir', 'tritongpu-allocate-warp-groups', 'TritonGPUAllocateWarpGroups'),
  step('make_llir', 'convert-scf-to-cf', 'SCFToControlFlowPass'),
  step('make_llir', 'gluon-inline', 'GluonInline'),
  step('make_llir', 'allocate-shared-memory-nv', 'AllocateSharedMemoryNv'),
  step('make_llir', 'triton-tensor-memory-allocation', 'TritonTensorMemoryAllocationPass'),
  step('make_llir', 'triton-nvidia-check-matmul-two-cta', 'TritonNvidiaGPUCheckMatmulTwoCTAPass'),
  step('make_llir', 'tritongpu-global-scratch-memory-allocation', 'TritonGPUGlobalScratchAllocationPass'),
  step('make_llir', 'triton-nvidia-gpu-proxy-fence-insertion', 'TritonGPUProxyFenceInsertion'),
  step('make_llir', 'convert-triton-gpu-to-llvm', 'ConvertTritonGPUToLLVM'),
  step('make_llir', 'canonicalize', 'Canonicalizer'),
  step('make_llir', 'cse', 'CSE'),
  step('make_llir', 'convert-nv-gpu-to-llvm', 'ConvertNVGPUToLLVM'),
  step('make_llir', 'convert-warp-specialize-to-llvm', 'ConvertWarpSpecializeToLLVM'),
  step('make_llir', 'reconcile-unrealized-casts', 'ReconcileUnrealizedCastsPass'),
  step('make_llir', 'canonicalize', 'Canonicalizer'),
  step('make_llir', 'cse', 'CSE'),
  step('make_llir', 'symbol-dce', 'SymbolDCE'),
  step('make_llir', 'convert-nvvm-to-llvm', 'ConvertNVVMToLLVMPass'),
  step('make_llir', 'enable-line-info', 'LLVMDIScope'),
];

/** The steps of `stage` that run for capability `cap`. */
export function pipelineSteps(cap: number, stage?: PipelineStage): PipelineStep[] {
  return TRITON_CUDA_PIPELINE.filter(
    (s) => (stage === undefined || s.stage === stage) && (s.cap?.min === undefined || cap >= s.cap.min) && (s.cap?.max === undefined || cap <= s.cap.max),
  );
}

/** The option text of `flag` for a compile, with `{var}`s filled in ('' when the pass takes none). */
export function passOptions(flag: string, vars: PipelineVars): string {
  const tpl = PASS_OPTIONS[flag] ?? '';
  return tpl.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k as keyof PipelineVars]));
}

/** `--flag=options` or `--flag`, as a triton-opt argument. */
export function passArgument(flag: string, vars: PipelineVars): string {
  const opts = passOptions(flag, vars);
  return opts ? `--${flag}=${opts}` : `--${flag}`;
}

/** The flags whose options depend on `var`, for saying which inferred value a pass run relied on. */
export function optionVarsOf(flag: string): (keyof PipelineVars)[] {
  const tpl = PASS_OPTIONS[flag] ?? '';
  return [...tpl.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as keyof PipelineVars);
}
