// RUN: ttg-opt %s --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 --canonicalize --cse | FileCheck %s

// local_alloc of registers through st.shared in Triton 3.6's lowerLdSt order (matmul_fp8's A operand): the
// thread base (lane/warp bits through the swizzled layout) XOR the view's affine offset times the element size
// (zero here: `mul 0, 1`), XOR the register offset of each run, then every register of the run is an `add` of a
// constant (the st.shared immediate): 16 of the 32 one-byte registers avoid the swizzled lane/warp bits (the
// additive ones, fastest), the remaining register bit is XORed: two runs of 16 stores.
#blocked = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @alloc_fp8
  // CHECK: %[[M:.*]] = llvm.mul
  // CHECK: %[[T:.*]] = llvm.xor %{{.*}}, %[[M]] : i32
  // CHECK: %[[B:.*]] = llvm.xor %[[T]], %{{.*}} : i32
  // CHECK-COUNT-16: llvm.add %[[B]], %{{.*}} : i32
  // CHECK: %[[B2:.*]] = llvm.xor %[[T]], %{{.*}} : i32
  // CHECK-COUNT-16: llvm.add %[[B2]], %{{.*}} : i32
  // CHECK-NOT: llvm.xor
  // CHECK: llvm.return
  tt.func private @alloc_fp8(%arg0: tensor<64x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> {
    %0 = ttg.local_alloc %arg0 : (tensor<64x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>
    tt.return %0 : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>
  }
}
