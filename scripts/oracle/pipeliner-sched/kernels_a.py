import triton,triton.language as tl
@triton.jit
def mm_gather(a, b, idx, c, K, sam, sbk, scm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        ki = tl.load(idx + k + rk)
        x = tl.load(a + rm[:, None] * sam + ki[None, :])
        y = tl.load(b + (k + rk)[:, None] * sbk + rn[None, :])
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * scm + rn[None, :], acc.to(tl.float16))
@triton.jit
def stream_indirect(x, idx, y, N, BLOCK: tl.constexpr, STAGES: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in tl.range(0, N, BLOCK, num_stages=STAGES):
        cols = start + tl.arange(0, BLOCK)
        i = tl.load(idx + cols)
        acc += tl.load(x + row * N + i)
    tl.store(y + row, tl.sum(acc, 0))
C=[('mm_gather',mm_gather,'a:*fp16,b:*fp16,idx:*i32,c:*fp16,K:i32,sam:i32,sbk:i32,scm:i32',[{'BM':64,'BN':64,'BK':32}],['a','b','idx','c','K','sam','sbk','scm'],(80,90),(4,),(2,3,4)),
('stream_indirect',stream_indirect,'x:*fp32,idx:*i32,y:*fp32,N:i32',[{'BLOCK':256,'STAGES':3},{'BLOCK':256,'STAGES':2}],['x','idx','y','N'],(80,90),(4,),(3,))]
