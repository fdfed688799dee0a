# Warp-specialized kernels for the GPU harness (`npm run gpu -- --corpus pipeline`): the K loop of a TMA matmul as
# `tl.range(..., warp_specialize=True)`, so that Triton 3.6's Hopper pass (nvgpu-warp-specialization) splits it into
# a TMA producer warp group and two consumer warp groups. The descriptors are made on the device
# (tl.make_tensor_descriptor, global scratch), so the launch takes plain pointers like the rest of the corpus.
# A PIPE table for ../shared/oracle/pipeline.py (sm90 only: the pass exists for Hopper; num_warps 4: it needs 4):
#   /tmp/tv/bin/python ../shared/oracle/pipeline.py OUT scripts/oracle/kernels_ws.py --jobs 1
#   /tmp/tv/bin/python ../shared/oracle/export_pipeline.py OUT/pipeline.jsonl.gz OUT/pipeline
# (its output is golden/ws-gpu.tar.xz). On the GPU, Triton's warp-specialized TTGIR through our lowering:
#   tar -xJf golden/ws-gpu.tar.xz -C /tmp/wsg
#   TTG_PIPELINE_DIR=/tmp/wsg/pipeline npm run gpu -- --corpus pipeline --stage-only --llvm triton --staged test/gpu/staged-ws
#   python3 test/gpu/device_check.py --manifest test/gpu/staged-ws/manifest.json --out $OUT   (on the GPU machine)
# With ttg-opt's own TTGIR (the TTIR through every flag, nvgpu-warp-specialization included), add --from-ttir and
# stage in another folder (e.g. test/gpu/staged-ws-ours).
import triton
import triton.language as tl
from kernels import P, D16  # noqa: F401  (D16 is read by pipeline.py)


@triton.jit
def ws_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


PIPE = [
    ("ws_matmul", ws_matmul_kernel, {"a_ptr": P("fp16"), "b_ptr": P("fp16"), "c_ptr": P("fp16"), "M": "i32", "N": "i32", "K": "i32"},
     [{"BM": 128, "BN": 128, "BK": 64}, {"BM": 128, "BN": 256, "BK": 64}],
     ["a_ptr", "b_ptr", "c_ptr", "M", "N", "K"], "public", {"caps": [90], "num_warps": [4], "num_stages": [3, 4]}),
]
