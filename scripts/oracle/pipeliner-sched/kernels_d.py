import triton,triton.language as tl
@triton.jit
def mm_su(a, b, c, s, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    tot = tl.zeros((BM,), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * sam + (k + rk)[None, :])
        tot += tl.sum(x.to(tl.float32), 1)
        acc = tl.dot(x, tl.load(b + (k + rk)[:, None] * sbk + rn[None, :]), acc)
    tl.store(c + rm[:, None] * scm + rn[None, :], acc)
    tl.store(s + rm, tot)
@triton.jit
def mm_cm(a, b, c, s, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(tl.load(a + rm[:, None] + (k + rk)[None, :] * sam), tl.load(b + (k + rk)[:, None] * sbk + rn[None, :]), acc)
    tl.store(c + rm[:, None] * scm + rn[None, :], acc)
@triton.jit
def ssum(x, y, N, BL: tl.constexpr, ST: tl.constexpr):
    acc = tl.zeros([BL], dtype=tl.float32)
    for st in tl.range(0, N, BL, num_stages=ST):
        c = st + tl.arange(0, BL)
        acc += tl.load(x + tl.program_id(0) * N + c, mask=c < N, other=0).to(tl.float32)
    tl.store(y + tl.program_id(0), tl.sum(acc, 0))
def S(t):return f'a:*{t},b:*{t},c:*fp32,s:*fp32,K:i32,sam:i32,sbk:i32,scm:i32'
D=['a','b','c','s','K','sam','sbk','scm']
C=[('mm_su',mm_su,S('fp16'),[{'BM':64,'BN':64,'BK':32}],D,(80,90),(4,),(3,)),
('mm_cm32',mm_cm,S('fp32'),[{'BM':64,'BN':64,'BK':16}],D,(80,90),(4,),(3,)),
('mm_cm16',mm_cm,S('fp16'),[{'BM':64,'BN':64,'BK':32}],D,(80,90),(4,),(4,)),
('ssum16',ssum,'x:*fp16,y:*fp32,N:i32',[{'BL':512,'ST':3},{'BL':64,'ST':4}],['x','y','N'],(80,90),(4,),(3,)),
('ssum8',ssum,'x:*i8,y:*fp32,N:i32',[{'BL':1024,'ST':2},{'BL':128,'ST':3}],['x','y','N'],(80,),(4,),(3,))]
