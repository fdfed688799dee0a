import triton,triton.language as tl
@triton.jit
def mm_dt(a, b, c, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    pa = a + rm[:, None] * sam + rk[None, :]
    pb = b + rk[:, None] * sbk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(tl.load(pa), tl.load(pb), acc)
        pa += BK
        pb += BK * sbk
    tl.store(c + rm[:, None] * scm + rn[None, :], acc)
@triton.jit
def mm_nest(a, b, c, N, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rk = tl.arange(0, BK)
    for j in range(0, N, BN):
        rn = j + tl.arange(0, BN)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            acc = tl.dot(tl.load(a + rm[:, None] * sam + (k + rk)[None, :]), tl.load(b + (k + rk)[:, None] * sbk + rn[None, :]), acc)
        tl.store(c + rm[:, None] * scm + rn[None, :], acc)
def S(t):return f'a:*{t},b:*{t},c:*fp32,K:i32,sam:i32,sbk:i32,scm:i32'
D=['a','b','c','K','sam','sbk','scm']
C=[('mm_bf16',mm_dt,S('bf16'),[{'BM':128,'BN':64,'BK':32}],D,(80,90),(4,),(2,5)),
('mm_f32',mm_dt,S('fp32'),[{'BM':64,'BN':64,'BK':32}],D,(80,90),(4,),(3,4)),
('mm_fp8',mm_dt,S('fp8e4nv'),[{'BM':128,'BN':128,'BK':64}],D,(90,),(4,8),(3,4)),
('mm_nest',mm_nest,'a:*fp16,b:*fp16,c:*fp32,N:i32,K:i32,sam:i32,sbk:i32,scm:i32',[{'BM':64,'BN':64,'BK':32}],['a','b','c','N','K','sam','sbk','scm'],(80,90),(4,),(3,))]
