"""Assembles an LLVM-dialect module with the LLVM that Triton 3.6 itself bundles, exactly as its CUDA backend's
make_llir (after the MLIR passes) and make_ptx do: translation to LLVM IR, the short-pointer NVPTX data layout,
nvvm-reflect-ftz, libdevice linked when called, LLVM's O3, then NVPTX code generation with Triton's flags and the
PTX version/target rewrite. ttg-opt's toolchain calls it (`--llvm triton`) so that our LLVM-dialect output and
Triton's go through the same LLVM when kernels are compared on the GPU.

usage: python triton_llvm_backend.py KERNEL.llvm.mlir CAPABILITY OUT.ptx [OUT.ll]
"""
import re
import sys

from triton._C.libtriton import ir, llvm, nvidia
from triton.backends.compiler import GPUTarget
from triton.backends.nvidia.compiler import CUDABackend, get_features, get_ptx_version_from_options, sm_arch_from_capability


# Intrinsics that LLVM 22 (which ttg-opt's LLVM dialect output targets) names differently from the LLVM that
# Triton 3.6 bundles.
RENAMED_INTRINSICS = {
    '"llvm.nvvm.ex2.approx.f32"': '"llvm.nvvm.ex2.approx.f"',
}


def main() -> int:
    src, cap, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    backend = CUDABackend(GPUTarget("cuda", cap, 32))
    opts = backend.parse_options({})
    ctx = ir.context()
    ir.load_dialects(ctx)
    backend.load_dialects(ctx)
    with open(src) as f:
        text = f.read()
    for new, old in RENAMED_INTRINSICS.items():
        text = text.replace(new, old)
    if text != open(src).read():
        src = src + ".triton-llvm.mlir"
        with open(src, "w") as f:
            f.write(text)
    try:
        mod = ir.parse_mlir_module(src, ctx)
    except RuntimeError as e:
        print(f"triton's MLIR parser rejected {src}: {e}", file=sys.stderr)
        return 1
    mod.context = ctx
    llvm.init_targets()
    lctx = llvm.context()
    lmod = llvm.to_module(mod, lctx)
    triple = "nvptx64-nvidia-cuda"
    proc = sm_arch_from_capability(cap)
    features = get_features(opts, backend.target.arch)
    nvidia.set_short_ptr()
    llvm.attach_datalayout(lmod, triple, proc, features)
    if opts.enable_reflect_ftz:
        nvidia.set_nvvm_reflect_ftz(lmod)
    if opts.extern_libs and nvidia.has_extern_deps(lmod):
        llvm.link_extern_libs(lmod, [path for (_, path) in opts.extern_libs])
    llvm.optimize_module(lmod, llvm.OPTIMIZE_O3)
    ll = str(lmod)
    if len(sys.argv) > 4:
        with open(sys.argv[4], "w") as f:
            f.write(ll)
    ptx = llvm.translate_to_asm(ll, triple, proc, features, ["nvptx-mad-wide-opt"], opts.enable_fp_fusion, False)
    version = get_ptx_version_from_options(opts, backend.target.arch)
    ptx = re.sub(r"\.version \d+\.\d+", f".version {version // 10}.{version % 10}", ptx, flags=re.MULTILINE)
    ptx = re.sub(r"\.target sm_\d+", f".target sm_{cap}", ptx, flags=re.MULTILINE)
    ptx = re.sub(r",\s*debug|debug,\s*", "", ptx)
    with open(out, "w") as f:
        f.write(ptx)
    return 0


if __name__ == "__main__":
    sys.exit(main())
