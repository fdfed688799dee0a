import triton,triton.language as tl
@triton.jit
def mm_range(a, b, c, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, ST: tl.constexpr, UN: tl.constexpr, NB: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=ST, loop_unroll_factor=UN, disallow_acc_multi_buffer=NB):
        x = tl.load(a + rm[:, None] * sam + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.)
        y = tl.load(b + (k + rk)[:, None] * sbk + rn[None, :], mask=(k + rk)[:, None] < K, other=0.)
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
@triton.jit
def mm_if(a, b, c, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for i in range(tl.cdiv(K, BK)):
        x = tl.load(a + rm[:, None] * sam + (i * BK + rk)[None, :])
        y = tl.load(b + (i * BK + rk)[:, None] * sbk + rn[None, :])
        acc = tl.dot(x, y, acc)
        if i % 4 == 3:
            tl.store(c + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
    tl.store(c + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
S='a:*fp16,b:*fp16,c:*fp16,K:i32,sam:i32,sbk:i32,scm:i32'
D=['a','b','c','K','sam','sbk','scm']
C=[('mm_range',mm_range,S,[{'BM':64,'BN':128,'BK':32,'ST':4,'UN':None,'NB':False},{'BM':64,'BN':64,'BK':32,'ST':2,'UN':2,'NB':True},{'BM':64,'BN':64,'BK':32,'ST':1,'UN':None,'NB':False}],D,(80,90),(4,),(3,)),
('mm_if',mm_if,S,[{'BM':64,'BN':64,'BK':32}],D,(80,90),(4,8),(3,))]
