// The pass flags of Triton 3.6 (`triton-opt --<flag>`), as declared in its Passes.td files at the 3.6 branch point
// (include/triton/**/Passes.td, third_party/nvidia/**/Passes.td), plus the MLIR passes that the CUDA backend's
// make_ttir / make_ttgir / make_llir (third_party/nvidia/backend/compiler.py) run. The driver consults this list only
// for a flag that is NOT registered, to say that it names a real Triton pass ttg-opt does not have yet rather than
// guess at a typo; a pass that gets implemented is registered and never reaches this list.

/** Triton 3.6 pass flags by the file that declares them. */
export const TRITON_36_PASS_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'include/triton/Conversion/TritonGPUToLLVM/Passes.td': [
    'allocate-shared-memory', 'tritongpu-allocate-warp-groups', 'tritongpu-global-scratch-memory-allocation',
  ],
  'include/triton/Conversion/TritonToTritonGPU/Passes.td': [
    'convert-triton-to-tritongpu', 'relayout-tritongpu',
  ],
  'include/triton/Dialect/Gluon/Transforms/Passes.td': [
    'gluon-canonicalize', 'gluon-infer-coalesced-encodings', 'gluon-inline', 'gluon-resolve-auto-encodings',
    'gluon-slimplify-control-flow',
  ],
  'include/triton/Dialect/Triton/Transforms/Passes.td': [
    'triton-combine', 'triton-licm', 'triton-loop-aware-cse', 'triton-loop-unroll', 'triton-reorder-broadcast',
    'triton-rewrite-tensor-descriptor-to-pointer', 'triton-rewrite-tensor-pointer',
  ],
  'include/triton/Dialect/TritonGPU/Transforms/Passes.td': [
    'tritongpu-F32DotTC', 'tritongpu-accelerate-matmul', 'tritongpu-assign-latencies',
    'tritongpu-automatic-warp-specialization', 'tritongpu-coalesce', 'tritongpu-coalesce-async-copy',
    'tritongpu-combine-tensor-select-and-if', 'tritongpu-fuse-nested-loops', 'tritongpu-hoist-tmem-alloc',
    'tritongpu-optimize-accumulator-init', 'tritongpu-optimize-dot-operands', 'tritongpu-optimize-partition-warps',
    'tritongpu-optimize-thread-locality', 'tritongpu-partition-loops', 'tritongpu-partition-scheduling',
    'tritongpu-pipeline', 'tritongpu-prefetch', 'tritongpu-reduce-data-duplication',
    'tritongpu-remove-layout-conversions', 'tritongpu-reorder-instructions', 'tritongpu-schedule-loops',
    'tritongpu-test-pipeline-lower-loop',
  ],
  'include/triton/Dialect/TritonInstrument/Transforms/Passes.td': [
    'tritoninstrument-concurrency-sanitizer',
  ],
  'include/triton/Dialect/TritonNvidiaGPU/Transforms/Passes.td': [
    'triton-nvidia-check-matmul-two-cta', 'triton-nvidia-gpu-fence-insertion', 'triton-nvidia-gpu-plan-cta',
    'triton-nvidia-gpu-proxy-fence-insertion', 'triton-nvidia-gpu-remove-tmem-tokens',
    'triton-nvidia-interleave-tmem', 'triton-nvidia-mma-lowering', 'triton-nvidia-optimize-descriptor-encoding',
    'triton-nvidia-optimize-tmem-layouts', 'triton-nvidia-tma-lowering', 'triton-tensor-memory-allocation',
    'tritongpu-promote-lhs-to-tmem',
  ],
  'include/triton/Target/LLVMIR/Passes.td': [
    'enable-line-info', 'extract-variable-info',
  ],
  'third_party/nvidia/hopper/include/Transforms/Passes.td': [
    'nvgpu-test-taskid-propagate', 'nvgpu-test-ws-code-partition', 'nvgpu-test-ws-data-partition',
    'nvgpu-test-ws-task-partition', 'nvgpu-warp-specialization',
  ],
  'third_party/nvidia/include/Dialect/NVWS/Transforms/Passes.td': [
    'nvws-assign-stage-phase', 'nvws-insert-aref', 'nvws-insert-tmem-aref', 'nvws-lower-aref',
    'nvws-lower-warp-group',
  ],
  'third_party/nvidia/include/NVGPUToLLVM/Passes.td': [
    'convert-nv-gpu-to-llvm',
  ],
  'third_party/nvidia/include/TritonNVIDIAGPUToLLVM/Passes.td': [
    'allocate-shared-memory-nv', 'convert-triton-gpu-to-llvm', 'convert-warp-specialize-to-llvm',
  ],
  // MLIR's own passes in the CUDA backend's pipeline (passes.common / passes.convert / passes.llvmir in compiler.py).
  'mlir (third_party/nvidia/backend/compiler.py)': [
    'inline', 'canonicalize', 'cse', 'symbol-dce', 'sccp', 'convert-scf-to-cf', 'convert-nvvm-to-llvm',
  ],
};

let flagSet: Set<string> | undefined;

/** Whether `name` (without dashes or options) is a pass flag of Triton 3.6. */
export function isTriton36Pass(name: string): boolean {
  flagSet ??= new Set(Object.values(TRITON_36_PASS_FLAGS).flat());
  return flagSet.has(name);
}

/** The note for a pass flag the registry lacks that Triton 3.6 has. */
export function unimplementedTritonPassNote(flag: string): string {
  return `'${flag}' is a Triton 3.6 pass that ttg-opt does not implement yet`;
}
