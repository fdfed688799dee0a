"""Triton 3.6's passes by their triton-opt flag: the wheel's pybind binding that the NVIDIA backend's make_ttir /
make_ttgir / make_llir call for each, with the pass's options. Shared by the difftest oracle and the --vs-triton
bench."""
from triton._C.libtriton import passes
import triton._C.libtriton as lt


def _b(v):
    return v == "true"


def pass_adder(name, o):
    """The function that adds pass `name` with options `o` (strings by option name) to a pass manager, calling the
    binding the NVIDIA backend uses for it; None when the wheel has no binding for it."""
    P, N = passes, lt.nvidia.passes
    table = {
        "convert-triton-to-tritongpu": lambda pm: P.ttir.add_convert_to_ttgpuir(pm, o["target"], int(o.get("num-warps", "4")), int(o.get("threads-per-warp", "32")), int(o.get("num-ctas", "1"))),
        "tritongpu-coalesce": P.ttgpuir.add_coalesce,
        "tritongpu-F32DotTC": lambda pm: P.ttgpuir.add_f32_dot_tc(pm, _b(o.get("emu-tf32", "false"))),
        "triton-nvidia-gpu-plan-cta": N.ttnvgpuir.add_plan_cta,
        "tritongpu-remove-layout-conversions": P.ttgpuir.add_remove_layout_conversions,
        "tritongpu-optimize-thread-locality": P.ttgpuir.add_optimize_thread_locality,
        "tritongpu-accelerate-matmul": P.ttgpuir.add_accelerate_matmul,
        "tritongpu-optimize-dot-operands": lambda pm: P.ttgpuir.add_optimize_dot_operands(pm, _b(o.get("hoist-layout-conversion", "true"))),
        "triton-nvidia-optimize-descriptor-encoding": N.ttnvgpuir.add_optimize_descriptor_encoding,
        "triton-loop-aware-cse": P.ttir.add_loop_aware_cse,
        "tritongpu-fuse-nested-loops": P.ttgpuir.add_fuse_nested_loops,
        "canonicalize": P.common.add_canonicalizer,
        "triton-licm": P.ttir.add_triton_licm,
        "tritongpu-combine-tensor-select-and-if": P.ttgpuir.add_combine_tensor_select_and_if,
        "nvgpu-warp-specialization": lambda pm: N.hopper.add_hopper_warpspec(pm, int(o["num-stages"]), _b(o.get("dump-intermediate-steps", "false"))),
        "tritongpu-assign-latencies": lambda pm: P.ttgpuir.add_assign_latencies(pm, int(o["num-stages"])),
        "tritongpu-schedule-loops": P.ttgpuir.add_schedule_loops,
        "tritongpu-pipeline": lambda pm: P.ttgpuir.add_pipeline(pm, int(o["num-stages"]), _b(o.get("dump-intermediate-steps", "false"))),
        "tritongpu-prefetch": P.ttgpuir.add_prefetch,
        "tritongpu-coalesce-async-copy": P.ttgpuir.add_coalesce_async_copy,
        "triton-nvidia-optimize-tmem-layouts": N.ttnvgpuir.add_optimize_tmem_layouts,
        "triton-nvidia-interleave-tmem": N.ttnvgpuir.add_interleave_tmem,
        "tritongpu-reduce-data-duplication": P.ttgpuir.add_reduce_data_duplication,
        "tritongpu-reorder-instructions": P.ttgpuir.add_reorder_instructions,
        "symbol-dce": P.common.add_symbol_dce,
        "triton-nvidia-gpu-fence-insertion": lambda pm: N.ttnvgpuir.add_fence_insertion(pm, int(o["compute-capability"])),
        "triton-nvidia-mma-lowering": N.ttnvgpuir.add_lower_mma,
        "sccp": P.common.add_sccp,
        "cse": P.common.add_cse,
        "tritongpu-allocate-warp-groups": P.ttgpuir.add_allocate_warp_groups,
        "allocate-shared-memory-nv": lambda pm: N.ttgpuir.add_allocate_shared_memory_nv(pm, int(o["compute-capability"]), int(o["ptx-version"])),
        "triton-tensor-memory-allocation": N.ttnvgpuir.add_allocate_tensor_memory,
        "triton-nvidia-check-matmul-two-cta": N.ttnvgpuir.add_check_matmul_two_cta,
        "tritongpu-global-scratch-memory-allocation": P.ttgpuir.add_allocate_global_scratch_memory,
        "triton-nvidia-tma-lowering": N.ttnvgpuir.add_tma_lowering,
        "triton-nvidia-gpu-proxy-fence-insertion": lambda pm: N.ttnvgpuir.add_proxy_fence_insertion(pm, int(o["compute-capability"])),
        "convert-scf-to-cf": P.convert.add_scf_to_cf,
        "gluon-inline": P.gluon.add_inliner,
        "convert-warp-specialize-to-llvm": N.ttnvgpuir.add_warp_specialize_to_llvm,
        "convert-triton-gpu-to-llvm": lambda pm: N.ttgpuir.add_to_llvmir(pm, int(o["compute-capability"]), int(o["ptx-version"])),
        "convert-nv-gpu-to-llvm": N.ttnvgpuir.add_nvgpu_to_llvm,
        "convert-nvvm-to-llvm": P.convert.add_nvvm_to_llvm,
    }
    return table.get(name)
