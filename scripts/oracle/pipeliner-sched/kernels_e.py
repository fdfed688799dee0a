import triton,triton.language as tl
@triton.jit
def tma_p(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, NS: tl.constexpr):
    ad = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    bd = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    nn = tl.cdiv(N, BN)
    for t in tl.range(tl.program_id(0), tl.cdiv(M, BM) * nn, NS, flatten=True):
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            acc = tl.dot(ad.load([(t // nn) * BM, k * BK]), bd.load([k * BK, (t % nn) * BN]), acc)
        tl.store(c_ptr + ((t // nn) * BM + tl.arange(0, BM))[:, None] * N + ((t % nn) * BN + tl.arange(0, BN))[None, :], acc)
@triton.jit
def two_dots(a, b, b2, c, K, N, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    acc2 = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
        acc = tl.dot(x, tl.load(b + (k + rk)[:, None] * N + rn[None, :]), acc)
        acc2 = tl.dot(x, tl.load(b2 + (k + rk)[:, None] * N + rn[None, :]), acc2)
    tl.store(c + rm[:, None] * N + rn[None, :], acc + acc2)
@triton.jit
def desc_stream(x_ptr, y, M, N, BM: tl.constexpr, BN: tl.constexpr):
    d = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for j in tl.range(0, N, BN, num_stages=3):
        acc += d.load([tl.program_id(0) * BM, j]).to(tl.float32)
    tl.store(y + tl.program_id(0) * BM + tl.arange(0, BM), tl.sum(acc, 1))
C=[('tma_p',tma_p,'a_ptr:*fp16,b_ptr:*fp16,c_ptr:*fp32,M:i32,N:i32,K:i32',[{'BM':128,'BN':128,'BK':64,'NS':132}],['a_ptr','b_ptr','c_ptr','M','N','K'],(90,),(4,8),(3,4)),
('two_dots',two_dots,'a:*fp16,b:*fp16,b2:*fp16,c:*fp32,K:i32,N:i32',[{'BM':64,'BN':64,'BK':32}],['a','b','b2','c','N'],(80,90),(4,),(3,)),
('desc_stream',desc_stream,'x_ptr:*fp16,y:*fp32,M:i32,N:i32',[{'BM':64,'BN':64}],['x_ptr','y','M','N'],(90,),(4,),(3,))]
