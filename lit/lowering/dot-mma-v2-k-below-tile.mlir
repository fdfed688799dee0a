// RUN: ttg-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -reconcile-unrealized-casts | FileCheck %s

// K below Triton's operand tile along K (256 / element bits: 32 for fp8): the dot operand layout broadcasts K and
// Triton 3.6's MMAv2 lowering feeds the copies to the instruction too, so each K value enters the sum twice here
// (upstream's convert_dot_fp8). The A operand is loaded with one ldmatrix (its copies are loaded once); each
// m16n8k32 reads the same two A registers for both K halves and the same B register twice.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:89"} {
  // CHECK-LABEL: llvm.func @fp8_k16
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 2 : i32
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r" %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[A0:[0-9]+]], %[[A1:[0-9]+]], %[[A0]], %[[A1]], %[[B0:[0-9]+]], %[[B0]] :
  // CHECK: "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {{.*}} %[[A0]], %[[A1]], %[[A0]], %[[A1]], %[[B1:[0-9]+]], %[[B1]] :
  // CHECK-NOT: mma.sync
  tt.func @fp8_k16(%A: tensor<16x16xf8E5M2, #blocked>, %B: tensor<16x16xf8E5M2, #blocked>) {
    %a = ttg.local_alloc %A : (tensor<16x16xf8E5M2, #blocked>) -> !ttg.memdesc<16x16xf8E5M2, #shared, #smem>
    %b = ttg.local_alloc %B : (tensor<16x16xf8E5M2, #blocked>) -> !ttg.memdesc<16x16xf8E5M2, #shared, #smem>
    %ad = ttg.local_load %a : !ttg.memdesc<16x16xf8E5M2, #shared, #smem> -> tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %bd = ttg.local_load %b : !ttg.memdesc<16x16xf8E5M2, #shared, #smem> -> tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %c = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma>
    %d = tt.dot %ad, %bd, %c : tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x16xf32, #mma>
    tt.return
  }
}

// -----

// f16 with K = 8 (tile 16): one m16n8k16 per tile, its second K half on the copies of the first.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @f16_k8
  // CHECK: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}} %[[A0:[0-9]+]], %[[A1:[0-9]+]], %[[A0]], %[[A1]], %[[B0:[0-9]+]], %[[B0]] :
  // CHECK-NOT: mma.sync
  tt.func private @f16_k8(%a: tensor<16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<8x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<8x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}
