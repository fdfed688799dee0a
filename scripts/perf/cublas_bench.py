import json, sys, torch, triton
from triton.testing import do_bench
M = N = K = 4096
a = torch.randn(M, K, device="cuda", dtype=torch.float16) / 4
b = torch.randn(K, N, device="cuda", dtype=torch.float16) / 4
torch.matmul(a, b)
runs = [do_bench(lambda: torch.matmul(a, b), warmup=25, rep=200, return_mode="median") for _ in range(3)]
ms = sorted(runs)[1]
print(json.dumps({"device": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__,
                  "cublas_ms_runs": runs, "cublas_ms": ms, "cublas_tflops": 2 * M * N * K / ms / 1e9}))
