"""Inputs, grids and PyTorch references for the real-pipeline corpus's own kernels (shared/oracle/kernels_pipe.py,
its PIPE list), for device_check.py's make_case; the rest of that corpus's kernels come from kernels.py and
kernels_extra.py and keep their specs. The loops are long enough for the software pipeliner's stages to matter
(K, N_CTX and N many times the tile), since the point of these cases is how the pipelined kernels run.

Same spec format as extra_cases.py. Kept free of torch imports (device_check.py's --dry-run reads PIPE_KERNELS).
"""
import math

PIPE_KERNELS = {"matmul_pipe", "attn_pipe", "online_softmax", "persistent_matmul", "matmul_tma", "ws_matmul"}

LOG2E = 1.4426950408889634


def cdiv(a, b):
    return (a + b - 1) // b


def make_pipe_case(kernel, consts, torch, dev, sentinel):
    f32, f16 = torch.float32, torch.float16
    poison = lambda s, dt: torch.full(s, sentinel, device=dev, dtype=dt)
    scaled = lambda *s: (torch.randn(*s, device=dev, dtype=f32) / 4).half()

    if kernel == "matmul_pipe":  # kernels.py's matmul_kernel, row-major operands (sak = sbn = scn = 1)
        BM, BN = consts["BM"], consts["BN"]
        M = N = K = 4096
        args = dict(a=scaled(M, K), b=scaled(K, N), c=poison((M, N), f16), M=M, N=N, K=K, sam=K, sbk=N, scm=N)
        # fp32 accumulation over K = 4096 in a different order may move the fp16 result by an ulp or two
        return dict(args=args, outs=["c"], grid=(cdiv(M, BM), cdiv(N, BN), 1), exact=False, tol=(2e-2, 1e-2),
                    ref_tol=(5e-2, 3e-2), ref=lambda a: {"c": (a["a"].float() @ a["b"].float()).half()})

    if kernel == "persistent_matmul":
        BM, BN, n_sms = consts["BM"], consts["BN"], consts["NUM_SMS"]
        M, N, K = 4096, 4096, 4096 - 32  # K not a multiple of BK: the masked last tile
        args = dict(a=scaled(M, K), b=scaled(K, N), c=poison((M, N), f16), M=M, N=N, K=K, sam=K, sbk=N, scm=N)
        tiles = cdiv(M, BM) * cdiv(N, BN)
        return dict(args=args, outs=["c"], grid=(min(n_sms, tiles), 1, 1), exact=False, tol=(2e-2, 1e-2),
                    ref_tol=(5e-2, 3e-2), ref=lambda a: {"c": (a["a"].float() @ a["b"].float()).half()})

    if kernel == "matmul_tma":
        BM, BN = consts["BM"], consts["BN"]
        M = N = K = 4096
        args = dict(a_ptr=scaled(M, K), b_ptr=scaled(K, N), c_ptr=poison((M, N), f16), M=M, N=N, K=K)
        return dict(args=args, outs=["c_ptr"], grid=(cdiv(M, BM), cdiv(N, BN), 1), exact=False, tol=(2e-2, 1e-2),
                    ref_tol=(5e-2, 3e-2), ref=lambda a: {"c_ptr": (a["a_ptr"].float() @ a["b_ptr"].float()).half()})

    if kernel == "ws_matmul":  # scripts/oracle/kernels_ws.py: a warp-specialized TMA matmul, pointer-store epilogue
        BM, BN = consts["BM"], consts["BN"]
        M = N = K = 4096
        args = dict(a_ptr=scaled(M, K), b_ptr=scaled(K, N), c_ptr=poison((M, N), f16), M=M, N=N, K=K)
        return dict(args=args, outs=["c_ptr"], grid=(cdiv(M, BM), cdiv(N, BN), 1), exact=False, tol=(2e-2, 1e-2),
                    ref_tol=(5e-2, 3e-2), ref=lambda a: {"c_ptr": (a["a_ptr"].float() @ a["b_ptr"].float()).half()})

    if kernel == "attn_pipe":
        BM, D = consts["BM"], consts["D"]
        M, N_CTX = 4096, 2048
        scale = LOG2E / math.sqrt(D)  # the kernel exponentiates in base 2
        r = lambda *s: torch.randn(*s, device=dev, dtype=f32).half()
        args = dict(Q=r(M, D), Kp=r(N_CTX, D), V=r(N_CTX, D), O=poison((M, D), f16), stride=D, N_CTX=N_CTX, scale=scale)

        def ref(a):
            s = (a["Q"].double() @ a["Kp"].double().t()) * (scale / LOG2E)
            return {"O": (torch.softmax(s, dim=1) @ a["V"].double()).half()}

        # p is rounded to fp16 before the second dot: the exact reference differs by that rounding
        return dict(args=args, outs=["O"], grid=(M // BM, 1, 1), exact=False, tol=(1e-3, 1e-2), ref_tol=(5e-3, 2e-2),
                    ref=ref)

    if kernel == "online_softmax":
        R, stride = 2048, 8192
        N = stride - 40  # a masked last block in both loops
        args = dict(x=torch.randn(R, stride, device=dev, dtype=f32) * 3, y=poison((R, stride), f32), stride=stride, N=N)

        def ref(a):
            o = poison((R, stride), f32)
            o[:, :N] = torch.softmax(a["x"][:, :N].double(), dim=1).float()
            return {"y": o}

        return dict(args=args, outs=["y"], grid=(R, 1, 1), exact=False, tol=(1e-7, 1e-4), ref_tol=(1e-6, 1e-3), ref=ref)

    raise KeyError(f"no inputs defined for kernel {kernel}")
