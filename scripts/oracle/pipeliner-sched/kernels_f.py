import triton,triton.language as tl
@triton.jit
def dq(a, w, s, c, K, N, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        q = tl.load(w + (k + rk)[:, None] * N + rn[None, :])
        sc = tl.load(s + k // BK)
        acc = tl.dot(x, (q.to(tl.float16) * sc), acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc)
@triton.jit
def mk(a, b, c, K, N, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.)
        y = tl.load(b + (k + rk)[:, None] * N + rn[None, :], mask=(k + rk)[:, None] < K, other=0.)
        acc = tl.dot(x, y, acc)
        tl.store(c + k + rm, tl.sum(acc, 1))
    tl.store(c + rm[:, None] * N + rn[None, :], acc)
@triton.jit
def wl(x, y, n, BL: tl.constexpr):
    acc = tl.zeros([BL], dtype=tl.float32)
    for i in tl.range(0, n, num_stages=3):
        j = i
        while j < n:
            acc += tl.load(x + j * BL + tl.arange(0, BL))
            j += 2
    tl.store(y + tl.arange(0, BL), acc)
C=[('dq',dq,'a:*fp16,w:*i8,s:*fp16,c:*fp32,K:i32,N:i32',[{'BM':64,'BN':64,'BK':32}],['a','w','s','c','K','N'],(80,90),(4,),(3,4)),
('mk',mk,'a:*fp16,b:*fp16,c:*fp32,K:i32,N:i32',[{'BM':64,'BN':64,'BK':32}],['a','b','c','N'],(80,90),(4,),(3,)),
('wl',wl,'x:*fp32,y:*fp32,n:i32',[{'BL':256}],['x','y'],(80,),(4,),(3,))]
